import type { calls, PayloadOf } from '@return-center/contract';
import { http } from '../../../shared/http';
import { callRoute } from '../../../shared/http/call-route';
import { useAction } from '../../../shared/use-action';

const route = callRoute<typeof calls.declareWithdrawal>('POST', 'go', 'withdrawal/declare');

/** Step 2's "Confirm withdrawal": the declaration as the consumer gave it. */
export const declareWithdrawal = (payload: PayloadOf<typeof calls.declareWithdrawal>) =>
  http.request(route, payload, { quiet: true });

export const useDeclareWithdrawal = () => useAction(declareWithdrawal);
