import { PaymentRefused, type Payment, type PaymentStart, type Payments } from '../../adapters/payments/port.js';
import { VariantUnavailable, type DraftCheckout, type DraftOrder } from '../../adapters/store-platform/port.js';
import type { Shop } from '../storefront-config/shop.js';
import type { DifferencePayments } from './difference-payments.js';

/** Where the local checkout stands after the provider was asked about the draft's payment. */
export type CheckoutState =
  /** The shopper has not paid yet (or their card was declined): they pay at `payUrl`. */
  | { kind: 'unpaid'; payUrl: string }
  /** Captured, the draft is paid: back to the exchange page. */
  | { kind: 'paid' }
  /** The items sold out before the payment was captured: the hold is let go, the draft cancelled. */
  | { kind: 'out_of_stock' }
  /** The draft or its payment is over (expired, replaced, lapsed): nothing was taken. */
  | { kind: 'closed' }
  /** Captured, but the draft was cancelled in the instant before it was marked paid: the payment was given back. */
  | { kind: 'refunded'; amount: number; currency: string };

/**
 * The difference of a dearer exchange paid through the payments port on the local store (issue 36 point 3, ADR 047).
 * The checkout page starts the draft's payment as a hold, keyed by the shop and the draft and asked for with the same
 * input each time (so every visit, and the way back from the provider's page, finds the one payment); once the
 * provider says it is held, the draft takes its units, the hold is captured in full, and only then is the draft paid.
 * A hold whose units sold out meanwhile is let go: nothing is taken for items the shop no longer has.
 */
export class CheckoutPayments {
  constructor(
    readonly platform: DraftCheckout,
    private readonly payments: Payments,
    private readonly differences: Pick<DifferencePayments, 'paid' | 'refund'>,
    /** Our site, where the provider's page sends the shopper back to. */
    private readonly publicUrl: string,
  ) {}

  /** Where the shopper goes once done: the exchange page of the draft's order, which checks the draft again. */
  backUrl(shop: Shop, draft: DraftOrder): string {
    const order = String(draft.fromOrderId);
    return `${this.publicUrl}/process-manage/exchange/${order}?shop=${encodeURIComponent(shop.shopUrl)}&draft=${encodeURIComponent(draft.id)}`;
  }

  /**
   * Reads the draft's payment at the provider and acts on what it says (never on what the address claims). `checkout`
   * is the draft's signed checkout path, where the provider's page sends the shopper back, declined or not.
   */
  async settle(shop: Shop, draft: DraftOrder, checkout: string): Promise<CheckoutState> {
    if (draft.status === 'paid') return { kind: 'paid' };
    const payment = await this.payments.start(this.startOf(shop, draft, checkout));
    if (draft.status === 'cancelled') return this.close(shop, draft, payment);
    switch (payment.state) {
      case 'awaiting_shopper':
        return { kind: 'unpaid', payUrl: payment.payUrl ?? '' };
      case 'released':
        return this.close(shop, draft, payment);
      case 'held':
        return this.capture(shop, draft, payment);
      case 'captured':
        return this.markPaid(shop, draft, payment);
    }
  }

  private async capture(shop: Shop, draft: DraftOrder, payment: Payment): Promise<CheckoutState> {
    let reserved: DraftOrder | null;
    try {
      reserved = await this.platform.reserveDraftOrder(shop.id, draft.id);
    } catch (error) {
      if (!(error instanceof VariantUnavailable)) throw error;
      await this.payments.release(payment.paymentId, `${this.keyOf(shop, draft)}:release`);
      await this.platform.cancelDraftOrder(shop.id, draft.id);
      return { kind: 'out_of_stock' };
    }
    // Another visit of the same checkout (a second tab) finished it first; or it expired since it was read.
    if (reserved?.status === 'paid') return { kind: 'paid' };
    if (reserved?.status !== 'open') return this.close(shop, reserved ?? draft, payment);
    try {
      const captured = await this.payments.capture(
        payment.paymentId,
        payment.amount,
        `${this.keyOf(shop, draft)}:capture`,
      );
      return await this.markPaid(shop, draft, captured);
    } catch (error) {
      // The hold lapsed or was let go since it was read: nothing was taken, and the draft cannot be paid with it.
      if (!(error instanceof PaymentRefused)) throw error;
      await this.platform.cancelDraftOrder(shop.id, draft.id);
      return { kind: 'closed' };
    }
  }

  /** The payment is kept with the draft before the draft is paid, so a draft cancelled later can give it back. */
  private async markPaid(shop: Shop, draft: DraftOrder, payment: Payment): Promise<CheckoutState> {
    await this.differences.paid(shop.id, draft, payment);
    const paid = await this.platform.markDraftOrderPaid(shop.id, draft.id);
    return paid?.status === 'paid' ? { kind: 'paid' } : this.giveBack(shop, draft, payment);
  }

  /** Taken for a draft that can no longer be paid (cancelled or expired meanwhile): it goes back to the card. */
  private async giveBack(shop: Shop, draft: DraftOrder, payment: Payment): Promise<CheckoutState> {
    await this.differences.paid(shop.id, draft, payment);
    const amount = await this.differences.refund(shop.id, draft.id);
    return { kind: 'refunded', amount, currency: payment.currency };
  }

  /** A draft that can no longer be paid: its payment is let go, or given back if taken; an open draft gives up its key. */
  private async close(shop: Shop, draft: DraftOrder, payment: Payment): Promise<CheckoutState> {
    if (payment.state === 'captured') return this.giveBack(shop, draft, payment);
    if (payment.state !== 'released')
      await this.payments.release(payment.paymentId, `${this.keyOf(shop, draft)}:release`);
    if (draft.status === 'open') await this.platform.cancelDraftOrder(shop.id, draft.id);
    return { kind: 'closed' };
  }

  private keyOf(shop: Shop, draft: DraftOrder): string {
    return `exchange-difference:${String(shop.id)}:${draft.id}`;
  }

  private startOf(shop: Shop, draft: DraftOrder, checkout: string): PaymentStart {
    return {
      amount: draft.total,
      currency: draft.currency,
      capture: 'hold',
      idempotencyKey: this.keyOf(shop, draft),
      description: `${shop.name}: what your exchange costs beyond your return`,
      returnUrl: `${this.publicUrl}${checkout}`,
      cancelUrl: `${this.publicUrl}${checkout}&declined=1`,
    };
  }
}
