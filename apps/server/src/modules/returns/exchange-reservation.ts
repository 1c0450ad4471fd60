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

/**
 * The draft order that holds an exchange's new items (solution 5, #13), its units reserved at the platform. One is made
 * with the return's credit taken off (exchangeCreditFor: another size of the returned item is an even swap), keyed by the submit's idempotency key so a
 * retry reserves nothing more; it must cost no more than the credit.
 */
export async function reserveExchange(
  platform: StorePlatform,
  shopId: number,
  order: PlatformOrder,
  input: {
    idempotency_key: string;
    exchange_line_items?: { variant_id: number; quantity: number }[] | undefined;
    draft_order_id?: string | undefined;
  },
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
  const credit = exchangeCreditFor(exchangeAmount, returned, items);
  // A draft paid at the checkout must be tied to this order's exchange before it can be trusted here; until the
  // pay-the-difference step lands, every exchange fits its credit and its draft is made here.
  if (input.draft_order_id) throw errors.invalidInput('draft_order_id: paying a difference is not available yet');
  let draft: DraftOrder;
  try {
    draft = await platform.createDraftOrder(shopId, {
      orderId: order.id,
      email: order.email,
      currency: order.currency,
      lines: wanted.map((item) => ({ variantId: item.variant_id, quantity: item.quantity })),
      credit,
      idempotencyKey: `exchange:${input.idempotency_key}`,
    });
  } catch (error) {
    if (error instanceof VariantUnavailable) throw new AppError(Code.InvalidInput, messages.noStock);
    throw error;
  }
  if (draft.status !== 'paid') {
    await platform.cancelDraftOrder(shopId, draft.id);
    throw errors.invalidInput(messages.exchangeCostsMore);
  }
  return draft;
}
