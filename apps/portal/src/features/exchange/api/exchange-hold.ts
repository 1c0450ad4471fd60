import { calls, type AnswerOf, type PayloadOf } from '@return-center/contract';
import { http, type Answer } from '../../../shared/http';

/**
 * The hold step of an instant exchange: the card hold of the choice's draft, started or found again (the same choice
 * answers the same hold). The whole envelope comes back: the step tells the shopper what each refusal means.
 */
export const exchangeHold = (
  payload: PayloadOf<typeof calls.exchangeHold>,
): Promise<Answer<AnswerOf<typeof calls.exchangeHold>>> => http.request(calls.exchangeHold, payload, { quiet: true });
