import { createHash } from 'node:crypto';
import { Code, messages } from '@return-center/contract';
import { exchangeCreditFor } from '@return-center/domain';
import {
  VariantUnavailable,
  type DraftOrder,
  type PlatformOrder,
  type StorePlatform,
} from '../../adapters/store-platform/port.js';
import { nowSeconds, type Clock } from '../../clock.js';
import { AppError, errors } from '../../http/app-error.js';
import { LIMITS, type RateLimiter } from '../auth/rate-limiter.js';
import type { DifferencePayments } from '../exchanges/difference-payments.js';

interface ExchangeInput {
  idempotency_key: string;
  exchange_line_items?: { variant_id: number; quantity: number }[] | undefined;
}

/** The item an exchange replaces, with the product and unit price it was bought at. */
export interface ReturnedItem {
  productId: number;
  price: number;
  quantity: number;
}

/** The item an exchange replaces: one per request (spec §9), with the product and unit price it was bought at. */
export function returnedItemOf(
  order: PlatformOrder,
  chosen: { line_item_id: number; quantity: number }[],
): ReturnedItem {
  const item = chosen[0];
  const line = order.lines.find((l) => l.id === item?.line_item_id);
  if (!item || !line) throw errors.invalidInput(messages.unselectedItem);
  return { productId: line.productId, price: line.price, quantity: item.quantity };
}

/** Who asks for a draft: the session's token hash and the client's address, each with a limit. */
export interface Asker {
  tokenHash: string;
  ip: string;
}

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * One draft per order, return form and choice of new items: the pay step and the submit that follows find the same
 * draft. Every draft of an order shares its group, whatever the form's key: a new choice (or a new key) replaces the
 * draft no request holds yet, so one shopper holds one choice's units per order (#30).
 */
const draftKey = (orderId: number, input: ExchangeInput) => {
  const items = [...(input.exchange_line_items ?? [])]
    .map((item) => [item.variant_id, item.quantity])
    .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
  return `exchange:${digest([orderId, input.idempotency_key, items])}`;
};
const draftGroup = (orderId: number) => `exchange-order:${String(orderId)}`;

/**
 * The draft orders that hold an exchange's new items (solution 5, #13) at the platform, with the return's credit
 * taken off (exchangeCreditFor: another size of the returned item is an even swap). What one shopper can hold is
 * bounded (#30): another variant of the returned product for no more units than come back, other goods held only up
 * to the credit until paid for (the port's open drafts hold nothing), for EXCHANGE_DRAFT_TTL_MINUTES until a request
 * holds them, one draft per order, and a limited number of drafts per session and per address.
 */
export class ExchangeDrafts {
  constructor(
    readonly platform: StorePlatform,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    /** EXCHANGE_DRAFT_TTL_MINUTES in seconds. */
    private readonly ttlSeconds: number,
    private readonly differences: Pick<DifferencePayments, 'queueRefunds'>,
  ) {}

  /** The draft of this choice: open with a checkout link while something is due, paid otherwise. */
  async draft(
    asker: Asker,
    shopId: number,
    order: PlatformOrder,
    input: ExchangeInput,
    returned: ReturnedItem,
    exchangeAmount: number,
  ): Promise<DraftOrder> {
    const wanted = input.exchange_line_items ?? [];
    if (wanted.length === 0) throw errors.invalidInput('exchange_line_items: choose what to exchange for');
    const allowed = await this.limiter.hitAll([
      [`exchange-draft:${asker.tokenHash}`, LIMITS.exchangeDraftsPerSession],
      [`exchange-draft:ip:${asker.ip}`, LIMITS.exchangeDraftsPerIp],
    ]);
    if (!allowed) throw errors.rateLimited();
    const sameProduct = await this.platform.getProduct(shopId, returned.productId);
    const items = wanted.map((item) => {
      const variant = sameProduct?.variants.find((v) => v.id === item.variant_id);
      // Other goods count at no price here: they only have to differ from the returned product.
      return { productId: variant ? returned.productId : 0, price: variant?.price ?? 0, count: item.quantity };
    });
    const sameUnits = items.filter((i) => i.productId === returned.productId).reduce((n, i) => n + i.count, 0);
    if (sameUnits > returned.quantity)
      throw errors.invalidInput(
        `exchange_line_items: at most ${String(returned.quantity)} of the returned product, as many as come back`,
      );
    let draft: DraftOrder;
    try {
      draft = await this.platform.createDraftOrder(shopId, {
        orderId: order.id,
        email: order.email,
        currency: order.currency,
        lines: wanted.map((item) => ({ variantId: item.variant_id, quantity: item.quantity })),
        credit: exchangeCreditFor(exchangeAmount, returned, items),
        idempotencyKey: draftKey(order.id, input),
        group: draftGroup(order.id),
        holdUntil: nowSeconds(this.clock) + this.ttlSeconds,
      });
    } catch (error) {
      if (error instanceof VariantUnavailable) throw new AppError(Code.NoStock, messages.noStock);
      throw error;
    }
    // A draft paid for before, which this one replaced, gives its money back.
    await this.differences.queueRefunds(shopId, order.id, `draft:${draft.id}`, draft.id);
    return draft;
  }

  /** Cancels a draft no request keeps; what the shopper paid for it goes back to their card. */
  async cancel(shopId: number, draft: DraftOrder): Promise<void> {
    await this.platform.cancelDraftOrder(shopId, draft.id);
    await this.differences.queueRefunds(shopId, draft.fromOrderId, `cancel:${draft.id}`);
  }

  /**
   * The draft an exchange request holds: the one the pay step made for the same choice (paid, and the one the shopper
   * names in draft_order_id), or one made now that the credit covers; the platform keeps its units for the request
   * from now on. Unpaid: "Please retry" when the shopper went to pay, else "costs more" (the open draft holds no
   * units, and stays for the pay step to find).
   */
  async reserve(
    asker: Asker,
    shopId: number,
    order: PlatformOrder,
    input: ExchangeInput & { draft_order_id?: string | undefined },
    returned: ReturnedItem,
    exchangeAmount: number,
    /** What must hold of a paid draft before the request keeps it (an instant exchange's hold); throws if not. */
    beforeHolding: (draft: DraftOrder) => Promise<void> = () => Promise.resolve(),
  ): Promise<DraftOrder> {
    const draft = await this.draft(asker, shopId, order, input, returned, exchangeAmount);
    if (input.draft_order_id && input.draft_order_id !== draft.id)
      throw errors.invalidInput('draft_order_id: not the draft of these new items; pay for them again');
    if (draft.status === 'paid') {
      await beforeHolding(draft);
      const held = await this.platform.holdDraftOrder(shopId, draft.id);
      // Expired or replaced between the two calls: the shopper tries again.
      if (held?.status === 'paid') return held;
    }
    throw input.draft_order_id || draft.status !== 'open'
      ? new AppError(Code.PaymentPending, messages.pleaseRetry)
      : new AppError(Code.ExchangeCostsMore, messages.exchangeCostsMore);
  }
}

/** A draft order as the portal's pay-for-exchanges step reads it. */
export const draftAnswer = (draft: DraftOrder) => ({
  draft_order_id: draft.id,
  status: draft.status,
  checkout_url: draft.checkoutUrl,
  total_line_items_price: draft.subtotal,
  exchange_credit: draft.credit,
  total_price: draft.total,
  currency: draft.currency,
});
