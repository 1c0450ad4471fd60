import { calls, Code, type AnswerOf, type PayloadOf } from '@return-center/contract';
import { http } from '../../../shared/http';

export type ExchangeDraft = AnswerOf<typeof calls.createDraftOrder>;

/** The pay step: the store's draft order for the chosen new items (the same choice answers the same draft). */
export async function createExchangeDraft(payload: PayloadOf<typeof calls.createDraftOrder>): Promise<ExchangeDraft> {
  const answer = await http.request(calls.createDraftOrder, payload, { quiet: true });
  if (answer.code !== Code.Success) throw new Error(answer.msg);
  return answer.data;
}

/** After the checkout: the draft as it is now. */
export async function exchangeDraftStatus(orderId: number, draftId: string): Promise<ExchangeDraft> {
  const answer = await http.request(
    calls.getDraftOrder,
    { order_id: orderId, draft_order_id: draftId },
    { quiet: true },
  );
  if (answer.code !== Code.Success) throw new Error(answer.msg);
  return answer.data;
}
