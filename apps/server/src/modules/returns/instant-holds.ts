import { Code, messages, type ExchangeHold, type HoldReleaseMoment } from '@return-center/contract';
import { holdCaptureDays, instantExchangeOffer, instantHoldAmount, type RuleDecision } from '@return-center/domain';
import type { Payment, PaymentStart, Payments } from '../../adapters/payments/port.js';
import type { DraftOrder, PlatformOrder } from '../../adapters/store-platform/port.js';
import { AppError, errors } from '../../http/app-error.js';
import type { Shop } from '../storefront-config/shop.js';

/** What a request stores of the hold it was submitted with (return_requests' hold columns, migration 046). */
export interface HoldColumns {
  hold_payment_id: string;
  hold_state: string;
  hold_amount: number;
  hold_release_on: string;
  hold_capture_at: number;
  hold_key: string;
}

/**
 * The card holds of instant exchanges (ADR 047), before a request exists: the portal's hold step starts one for the
 * choice's draft and finds it again on the way back, and the submit checks it is held. The hold is keyed by the shop
 * and the draft, and asked for with the same input each time, so every call answers the one hold of that draft.
 */
export class InstantHolds {
  constructor(
    private readonly payments: Payments,
    /** Our site, where the provider's page sends the shopper back. */
    private readonly publicUrl: string,
    /** How long the provider keeps an authorisation (HOLD_LIFETIME_DAYS). */
    private readonly lifetimeDays: number,
  ) {}

  /** The hold of this draft, started now or found again: the shopper authorises it at its payUrl. */
  async hold(shop: Shop, order: PlatformOrder, draft: DraftOrder): Promise<Payment> {
    if (draft.status !== 'paid') throw new AppError(Code.ExchangeCostsMore, messages.exchangeCostsMore);
    if (instantHoldAmount(draft.credit, draft.subtotal) <= 0)
      throw errors.invalidInput('instant_exchange: nothing of the new items is paid by the return');
    return this.payments.start(this.startOf(shop, order, draft));
  }

  /**
   * The hold a submit names (`instant_exchange`): held, or "Please retry" (the shopper has not authorised it, or
   * declined). Answers what the request keeps of it.
   */
  async confirm(
    shop: Shop,
    order: PlatformOrder,
    draft: DraftOrder,
    releaseOn: HoldReleaseMoment,
    now: number,
  ): Promise<HoldColumns> {
    const payment = await this.hold(shop, order, draft);
    if (payment.state !== 'held') throw new AppError(Code.PaymentPending, messages.pleaseRetry);
    const days = this.captureDays(shop);
    return {
      hold_payment_id: payment.paymentId,
      hold_state: payment.state,
      hold_amount: payment.amount,
      hold_release_on: releaseOn,
      hold_capture_at: now + days * 86_400,
      hold_key: this.keyOf(shop, draft),
    };
  }

  /** Days a parcel has before its hold is captured in full: the shop's setting, within the provider's limit. */
  captureDays(shop: Shop): number {
    return holdCaptureDays(shop.settings.instant_exchange.capture_after_days, this.lifetimeDays);
  }

  /** A hold no request came to keep (the submit failed after it) is let go, with its own key. */
  async letGo(shop: Shop, order: PlatformOrder, draft: DraftOrder): Promise<void> {
    const payment = await this.payments.start(this.startOf(shop, order, draft));
    if (payment.state === 'held' || payment.state === 'awaiting_shopper')
      await this.payments.release(payment.paymentId, `${this.keyOf(shop, draft)}:unused`);
  }

  private keyOf(shop: Shop, draft: DraftOrder): string {
    return `exchange-hold:${String(shop.id)}:${draft.id}`;
  }

  private startOf(shop: Shop, order: PlatformOrder, draft: DraftOrder): PaymentStart {
    // The exchange page of the portal names the draft to look at on the way back (spec screen 8's pattern).
    const back = `${this.publicUrl}/process-manage/exchange/${String(order.id)}?shop=${encodeURIComponent(shop.shopUrl)}`;
    return {
      amount: instantHoldAmount(draft.credit, draft.subtotal),
      currency: draft.currency,
      capture: 'hold',
      idempotencyKey: this.keyOf(shop, draft),
      description: `${shop.name}: exchange for order ${order.name}`,
      returnUrl: `${back}&hold=${encodeURIComponent(draft.id)}`,
      cancelUrl: `${back}&hold=${encodeURIComponent(draft.id)}&declined=1`,
    };
  }
}

/** When an instant exchange's hold is let go, as the rules or the shop decide; refused when it is not offered. */
export function offeredRelease(shop: Shop, decision: RuleDecision): HoldReleaseMoment {
  const offer = instantExchangeOffer(shop.settings.instant_exchange, decision);
  if (!offer) throw errors.invalidInput('instant_exchange: instant exchanges are not offered for this return');
  return offer.releaseOn;
}

/** The hold step's answer to the portal: the hold, and when it is let go or captured. */
export const holdAnswer = (
  draft: DraftOrder,
  payment: Payment,
  terms: { releaseOn: HoldReleaseMoment; captureDays: number },
): ExchangeHold => ({
  draft_order_id: draft.id,
  state: payment.state,
  amount: payment.amount,
  currency: payment.currency,
  pay_url: payment.payUrl ?? '',
  release_on: terms.releaseOn,
  capture_after_days: terms.captureDays,
});
