import type { Db } from '../../db/database.js';
import type { Outbox } from '../jobs/outbox.js';
import { announce } from '../requests/announce.js';
import { recordHoldPlaced } from '../requests/hold-events.js';

/**
 * The work a new request queues in the transaction that stores it: the shopper's email, a rule's review (issue 32)
 * and its flags for the shop's webhooks, an instant exchange's order,
 * and, where the platform keeps returns of its own (Shopify), the request shown there as a requested return.
 */
export async function queueSubmitted(
  outbox: Outbox,
  trx: Db,
  requestId: number,
  {
    reviewedByRule,
    platformKeepsReturns,
    flagged,
    giftNotice = false,
    instant = null,
  }: {
    reviewedByRule: boolean;
    platformKeepsReturns: boolean;
    flagged: boolean;
    giftNotice?: boolean;
    /** An instant exchange, its hold held: the new order is made now, before any review (ADR 047). */
    instant?: { amount: number; currency: string; at: number } | null;
  },
): Promise<void> {
  if (instant) {
    await recordHoldPlaced(trx, requestId, instant);
    await outbox.enqueue(trx, 'request.exchange.complete', { requestId }, `complete:${requestId}`);
    await outbox.enqueue(trx, 'request.notify', { requestId, event: 'hold_placed' }, `notify:${requestId}:hold_placed`);
  }
  // The buyer hears of a gift return only when the shop tells buyers; the recipient gets the request's emails.
  if (giftNotice) await outbox.enqueue(trx, 'request.gift-notice', { requestId }, `gift-notice:${requestId}`);
  await outbox.enqueue(trx, 'request.notify', { requestId, event: 'submitted' }, `notify:${requestId}:submitted`);
  if (flagged) await announce(outbox, trx, requestId, 'rule.flagged', 'flagged');
  if (reviewedByRule)
    await outbox.enqueue(trx, 'request.rules', { requestId, moment: 'submitted' }, `rules:${requestId}:submitted`);
  if (platformKeepsReturns)
    await outbox.enqueue(
      trx,
      'request.platform-return',
      { requestId, decision: 'requested' },
      `platform-return:${requestId}`,
    );
}
