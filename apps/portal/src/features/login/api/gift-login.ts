import type { calls, PayloadOf } from '@return-center/contract';
import { http } from '../../../shared/http';
import { callRoute } from '../../../shared/http/call-route';
import { useAction } from '../../../shared/use-action';

const route = callRoute<typeof calls.giftLogin>('POST', 'go', 'giftLogin');

/** giftLogin: a gift recipient's sign-in with the order number and postcode or gift code, and their own email. */
export const giftLogin = (payload: PayloadOf<typeof calls.giftLogin>) => http.request(route, payload, { quiet: true });

export const useGiftLogin = () => useAction(giftLogin);
