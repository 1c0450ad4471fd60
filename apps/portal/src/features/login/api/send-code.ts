import type { calls, PayloadOf } from '@return-center/contract';
import { http } from '../../../shared/http';
import { callRoute } from '../../../shared/http/call-route';
import { useAction } from '../../../shared/use-action';

const route = callRoute<typeof calls.loginCode>('POST', 'go', 'loginCode');

export const sendCode = (payload: PayloadOf<typeof calls.loginCode>) => http.request(route, payload, { quiet: true });

export const useSendCode = () => useAction(sendCode);
