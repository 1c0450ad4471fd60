import { Code, messages, type ExchangeHold, type HoldReleaseMoment } from '@return-center/contract';
import { holdCaptureDays, instantExchangeOffer, instantHoldAmount, type RuleDecision } from '@return-center/domain';
import { PaymentRefused, type Payment, type PaymentStart, type Payments } from '../../adapters/payments/port.js';
import type { DraftOrder, PlatformOrder } from '../../adapters/store-platform/port.js';
import { nowSeconds, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { AppError, errors } from '../../http/app-error.js';
import type { Outbox } from '../jobs/outbox.js';
import type { JobHandler } from '../jobs/worker.js';
import type { Shop } from '../storefront-config/shop.js';
import { InstantHoldRecords } from './instant-holds.store.js';

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
 * and the draft, and asked for with the same input each time, so every call answers the one hold of that draft. Each
 * hold started is recorded, so that a submit lets go the order's holds its request does not keep, and the sweep of
 * abandoned holds those no request kept in time.
 */
export class InstantHolds {
  private readonly records: InstantHoldRecords;

  constructor(
    private readonly payments: Payments,
    /** Where the holds started are recorded. */
    store: { db: Db; clock: Clock },
    /** Our site, where the provider's page sends the shopper back. */
    private readonly publicUrl: string,
    /** How long the provider keeps an authorisation (HOLD_LIFETIME_DAYS). */
    private readonly lifetimeDays: number,
  ) {
    this.records = new InstantHoldRecords(store.db, store.clock);
  }

  /** The hold of this draft, started now or found again: the shopper authorises it at its payUrl. */
  async hold(shop: Shop, order: PlatformOrder, draft: DraftOrder): Promise<Payment> {
    if (draft.status !== 'paid') throw new AppError(Code.ExchangeCostsMore, messages.exchangeCostsMore);
    if (instantHoldAmount(draft.credit, draft.subtotal) <= 0)
      throw errors.invalidInput('instant_exchange: nothing of the new items is paid by the return');
    const payment = await this.payments.start(this.startOf(shop, order, draft));
    const key = this.keyOf(shop, draft);
    await this.records.started({
      shopId: shop.id,
      orderId: order.id,
      draftId: draft.id,
      paymentId: payment.paymentId,
      key,
    });
    return payment;
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

  /**
   * In the transaction that stores a submit's request: the hold it keeps (`kept`, the draft of an instant exchange) is
   * the request's now; answers whether the order has other holds started, which no request will keep. A hold being let
   * go as abandoned since the submit found it held is not kept: "Please retry", as for a hold not held, and the
   * transaction is undone.
   */
  async submitted(trx: Db, shopId: number, orderId: number, kept: string | null): Promise<boolean> {
    if (kept !== null && !(await this.records.keep(shopId, kept, trx)))
      throw new AppError(Code.PaymentPending, messages.pleaseRetry);
    return (await this.records.unused(shopId, orderId, { db: trx })).length > 0;
  }

  /**
   * Lets go the order's holds that no request keeps (an ordinary exchange of a draft the shopper authorised a hold for,
   * another draft, another solution, or no submit at all), each once with its own key; one not authorised yet is let go
   * too, so that its page takes nothing later. With `startedBy`, only the holds started by then. Each is claimed before
   * the provider is asked, so a submit never keeps a hold released here. Answers how many the provider released.
   */
  async letGoUnused(shopId: number, orderId: number, startedBy?: number): Promise<number> {
    let released = 0;
    for (const hold of await this.records.unused(shopId, orderId, { startedBy })) {
      if (!(await this.records.claim(shopId, hold.draft_id))) continue;
      const payment = await this.payments.get(hold.payment_id).catch((error: unknown) => {
        if (error instanceof PaymentRefused && error.code === 'not_found') return null;
        throw error;
      });
      if (payment?.state === 'held' || payment?.state === 'awaiting_shopper') {
        await this.payments.release(hold.payment_id, `${hold.hold_key}:unused`);
        released += 1;
      }
      await this.records.letGone(shopId, hold.draft_id);
    }
    return released;
  }

  /** The job a submit, or the sweep of abandoned holds, queues when an order has holds no request keeps. */
  unusedHoldsJob(): JobHandler<'exchange.unused-holds'> {
    return async ({ shopId, orderId, startedBy }) => {
      await this.letGoUnused(shopId, orderId, startedBy);
    };
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

const HOUR_SECONDS = 3600;
const DAY_SECONDS = 24 * HOUR_SECONDS;

/**
 * How long after it started a hold that no request kept is let go as abandoned (ADR 047): a day, and never less than an
 * hour past the exchange draft's lifetime (EXCHANGE_DRAFT_TTL_MINUTES, 1 hour by default). A hold is the hold of one
 * draft, and a draft nothing was paid for expires after that lifetime (a submit then makes a new draft, with a hold of
 * its own), so no submit can keep the hold any more; the hour covers a draft sweep that runs late. A day also outlasts
 * the shopper's sign-in (SESSION_TTL_MINUTES, 4 hours by default) and is how long Stripe keeps a page nobody paid on,
 * while a hold left authorised would block the shopper's money for 7 days at Stripe and for ever on the sandbox.
 */
export const abandonedHoldSeconds = (draftTtlSeconds: number) => Math.max(DAY_SECONDS, draftTtlSeconds + HOUR_SECONDS);

/**
 * The sweep of abandoned holds: queues one job per order whose holds started more than abandonedHoldSeconds ago and no
 * request kept; the job lets go those started by the newest of them, and is keyed by it, so a sweep that runs again
 * before the job does queues nothing more. Answers how many it queued.
 */
export async function queueAbandonedHolds(db: Db, outbox: Outbox, clock: Clock, draftTtlSeconds: number) {
  const orders = await new InstantHoldRecords(db, clock).abandoned(
    nowSeconds(clock) - abandonedHoldSeconds(draftTtlSeconds),
  );
  for (const { shop_id: shopId, order_id: orderId, newest } of orders)
    await outbox.enqueue(
      db,
      'exchange.unused-holds',
      { shopId, orderId, startedBy: newest },
      `abandoned-holds:${String(shopId)}:${String(orderId)}:${String(newest)}`,
    );
  return orders.length;
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
