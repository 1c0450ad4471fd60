import { PaymentRefused, type Payment, type Payments } from '../../adapters/payments/port.js';
import type { DraftOrder, StorePlatform } from '../../adapters/store-platform/port.js';
import { nowSeconds, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { JobHandler } from '../jobs/worker.js';
import type { Outbox } from '../jobs/outbox.js';

/**
 * The payments of dearer exchanges' differences on the local store (exchange_differences, migration 054, ADR 047). The
 * local platform records a paid draft it cancels as refunded, but takes no money itself: the payment is given back
 * here, at the provider, once per draft under one key, whoever cancelled it (a rejected request, a new choice that
 * replaced it, a submit that did not keep it, a checkout that closed as it was paid).
 */
export class DifferencePayments {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      payments: Payments;
      platform: Pick<StorePlatform, 'getDraftOrder'>;
      outbox: Outbox;
    },
  ) {}

  /** The draft's difference was captured with this payment (a second call for the same draft changes nothing). */
  async paid(shopId: number, draft: DraftOrder, payment: Payment): Promise<void> {
    await this.deps.db
      .insertInto('exchange_differences')
      .values({
        shop_id: shopId,
        draft_id: draft.id,
        order_id: draft.fromOrderId,
        payment_id: payment.paymentId,
        amount: payment.capturedAmount,
        currency: payment.currency,
        refunded: 0,
        created_at: nowSeconds(this.deps.clock),
        refunded_at: null,
      })
      .onConflict((oc) => oc.columns(['shop_id', 'draft_id']).doNothing())
      .execute();
  }

  /**
   * Queues the refund of the order's paid differences but `kept`'s, when there are any: their drafts may have been
   * cancelled since (by `cause`: a new draft of the order replaces its others, a submit lets go a draft it did not keep).
   */
  async queueRefunds(shopId: number, orderId: number, cause: string, kept = ''): Promise<void> {
    const open = await this.unrefunded(shopId, orderId)
      .select('draft_id')
      .where('draft_id', '!=', kept)
      .executeTakeFirst();
    if (open)
      await this.deps.outbox.enqueue(
        this.deps.db,
        'exchange.difference-refunds',
        { shopId, orderId },
        `difference-refunds:${String(shopId)}:${cause}`,
      );
  }

  /** The job: each of the order's paid differences whose draft is cancelled goes back to the shopper's card. */
  refundsJob(): JobHandler<'exchange.difference-refunds'> {
    return async ({ shopId, orderId }) => {
      await this.refundOrder(shopId, orderId);
    };
  }

  /** Gives back every paid difference of the order whose draft the platform cancelled; what was given back. */
  async refundOrder(shopId: number, orderId: number): Promise<number> {
    const rows = await this.unrefunded(shopId, orderId).select('draft_id').execute();
    let total = 0;
    for (const row of rows) {
      const draft = await this.deps.platform.getDraftOrder(shopId, row.draft_id);
      if (draft?.status === 'cancelled') total += await this.refund(shopId, draft.id);
    }
    return total;
  }

  /**
   * Gives back the whole difference paid for a draft that will never be an order (the caller knows it is cancelled);
   * what was given back, 0 when it was not paid here (such as at Shopify's checkout). Safe to repeat: the provider
   * refunds one key once, and an amount already given back (by the shop, at the provider) is read back, not refused.
   */
  async refund(shopId: number, draftId: string): Promise<number> {
    const row = await this.deps.db
      .selectFrom('exchange_differences')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('draft_id', '=', draftId)
      .executeTakeFirst();
    if (!row) return 0;
    if (row.refunded_at !== null) return row.refunded;
    const key = `exchange-difference:${String(shopId)}:${draftId}:refund`;
    let refunded: number;
    try {
      refunded = (await this.deps.payments.refund(row.payment_id, row.amount, key)).refundedAmount;
    } catch (error) {
      if (!(error instanceof PaymentRefused && error.code === 'amount_too_large')) throw error;
      refunded = (await this.deps.payments.get(row.payment_id)).refundedAmount;
    }
    await this.deps.db
      .updateTable('exchange_differences')
      .set({ refunded, refunded_at: nowSeconds(this.deps.clock) })
      .where('shop_id', '=', shopId)
      .where('draft_id', '=', draftId)
      .where('refunded_at', 'is', null)
      .execute();
    return refunded;
  }

  private unrefunded(shopId: number, orderId: number) {
    return this.deps.db
      .selectFrom('exchange_differences')
      .where('shop_id', '=', shopId)
      .where('order_id', '=', orderId)
      .where('refunded_at', 'is', null);
  }
}
