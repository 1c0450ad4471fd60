import type { calls, PayloadOf } from '@return-center/contract';
import { http } from '../../../shared/http';
import { callRoute } from '../../../shared/http/call-route';
import { useAction } from '../../../shared/use-action';

const route = callRoute<typeof calls.withdrawalItems>('POST', 'go', 'withdrawal/items');

/** Step 1's items of the order: listed only when the order number and email are the order's. */
export const withdrawalItems = (payload: PayloadOf<typeof calls.withdrawalItems>) =>
  http.request(route, payload, { quiet: true });

export const useWithdrawalItems = () => useAction(withdrawalItems);
