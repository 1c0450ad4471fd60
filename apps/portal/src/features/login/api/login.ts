import type { calls, PayloadOf } from '@return-center/contract';
import { http } from '../../../shared/http';
import { callRoute } from '../../../shared/http/call-route';
import { useAction } from '../../../shared/use-action';

const route = callRoute<typeof calls.login>('POST', 'go', 'login');

export const login = (payload: PayloadOf<typeof calls.login>) => http.request(route, payload, { quiet: true });

export const useLogin = () => useAction(login);
