import { calls, type AnswerOf, type PayloadOf } from '@return-center/contract';
import { http } from '../../../shared/http';
import { dataOf } from '../../../shared/http/data-of';

export type ExchangeDraft = AnswerOf<typeof calls.createDraftOrder>;

/** The pay step: the store's draft order for the chosen new items (the same choice answers the same draft). */
export async function createExchangeDraft(payload: PayloadOf<typeof calls.createDraftOrder>): Promise<ExchangeDraft> {
  return dataOf(http.request(calls.createDraftOrder, payload, { quiet: true }));
}

/** After the checkout: the draft as it is now. */
export async function exchangeDraftStatus(orderId: number, draftId: string): Promise<ExchangeDraft> {
  return dataOf(http.request(calls.getDraftOrder, { order_id: orderId, draft_order_id: draftId }, { quiet: true }));
}
