import { createHash } from 'node:crypto';
import { Code, messages } from '@return-center/contract';
import { exchangeCreditFor } from '@return-center/domain';
import {
  VariantUnavailable,
  type DraftOrder,
  type PlatformOrder,
  type StorePlatform,
} from '../../adapters/store-platform/port.js';
import { AppError, errors } from '../../http/app-error.js';

/** What an exchange request keeps of its new items (return_requests.exchange_items). */
export interface ExchangeItem {
  variant_id: number;
  product_id: number;
  title: string;
  variant_title: string;
  price: number;
  quantity: number;
}

export const exchangeItemsOf = (draft: DraftOrder): ExchangeItem[] =>
  draft.lines.map((line) => ({
    variant_id: line.variantId,
    product_id: line.productId,
    title: line.title,
    variant_title: line.variantTitle,
    price: line.price,
    quantity: line.quantity,
  }));

interface ExchangeInput {
  idempotency_key: string;
  exchange_line_items?: { variant_id: number; quantity: number }[] | undefined;
}

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * One draft per order, return form and choice of new items: the pay step and the submit that follows find the same
 * draft, and a changed choice gets a draft of its own, which replaces the form's earlier unpaid one (draftGroup).
 */
const draftKey = (orderId: number, input: ExchangeInput) => {
  const items = [...(input.exchange_line_items ?? [])]
    .map((item) => [item.variant_id, item.quantity])
    .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
  return `exchange:${digest([orderId, input.idempotency_key, items])}`;
};
const draftGroup = (orderId: number, input: ExchangeInput) =>
  `exchange-form:${digest([orderId, input.idempotency_key])}`;

/**
 * The draft order that holds an exchange's new items (solution 5, #13), its units reserved at the platform, with the
 * return's credit taken off (exchangeCreditFor: another size of the returned item is an even swap). Open with a
 * checkout link while something is due, paid otherwise.
 */
export async function exchangeDraft(
  platform: StorePlatform,
  shopId: number,
  order: PlatformOrder,
  input: ExchangeInput,
  returned: { productId: number; price: number; quantity: number },
  exchangeAmount: number,
): Promise<DraftOrder> {
  const wanted = input.exchange_line_items ?? [];
  if (wanted.length === 0) throw errors.invalidInput('exchange_line_items: choose what to exchange for');
  const sameProduct = await platform.getProduct(shopId, returned.productId);
  const items = wanted.map((item) => {
    const variant = sameProduct?.variants.find((v) => v.id === item.variant_id);
    // Other goods count at no price here: they only have to differ from the returned product.
    return { productId: variant ? returned.productId : 0, price: variant?.price ?? 0, count: item.quantity };
  });
  try {
    return await platform.createDraftOrder(shopId, {
      orderId: order.id,
      email: order.email,
      currency: order.currency,
      lines: wanted.map((item) => ({ variantId: item.variant_id, quantity: item.quantity })),
      credit: exchangeCreditFor(exchangeAmount, returned, items),
      idempotencyKey: draftKey(order.id, input),
      group: draftGroup(order.id, input),
    });
  } catch (error) {
    if (error instanceof VariantUnavailable) throw new AppError(Code.NoStock, messages.noStock);
    throw error;
  }
}

/**
 * The draft an exchange request holds: the one the pay step made for the same choice (paid, and the one the shopper
 * names in draft_order_id), or one made now that the credit covers. Unpaid: "Please retry" when the shopper went to
 * pay (the draft stays open for them to finish), else "costs more", and the draft is cancelled, giving its units back.
 */
export async function reserveExchange(
  platform: StorePlatform,
  shopId: number,
  order: PlatformOrder,
  input: ExchangeInput & { draft_order_id?: string | undefined },
  returned: { productId: number; price: number; quantity: number },
  exchangeAmount: number,
): Promise<DraftOrder> {
  const draft = await exchangeDraft(platform, shopId, order, input, returned, exchangeAmount);
  if (input.draft_order_id && input.draft_order_id !== draft.id)
    throw errors.invalidInput('draft_order_id: not the draft of these new items; pay for them again');
  if (draft.status === 'paid') return draft;
  if (draft.status === 'open' && !input.draft_order_id) await platform.cancelDraftOrder(shopId, draft.id);
  throw input.draft_order_id
    ? new AppError(Code.PaymentPending, messages.pleaseRetry)
    : new AppError(Code.ExchangeCostsMore, messages.exchangeCostsMore);
}
