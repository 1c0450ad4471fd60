import type { AnswerOf, calls } from '@return-center/contract';
import { exchangeCreditFor, exchangePriceInfo } from '@return-center/domain';
import { selectedItems, type ReturnForm } from './return-form';

type Order = AnswerOf<typeof calls.orderInfo>;

/**
 * What the return is worth towards the chosen new items and what is left (spec §9), from the order and the credit the
 * server gave. The portal adds no tax: the submit sends tax 0 and the store's checkout works out any.
 */
export function exchangeMoneyOf(form: ReturnForm, order: Order, exchangeAmount: number) {
  // One item per request (spec screen 3).
  const [returned] = selectedItems(form);
  const line = order.yes.find((l) => l.line_item_id === returned?.line_item_id);
  const items = form.exchange_items;
  const credit = line
    ? exchangeCreditFor(
        exchangeAmount,
        { productId: line.product_id, price: line.price, quantity: returned?.quantity ?? 0 },
        items.map((item) => ({ productId: item.product_id, price: item.variant.price, count: item.count })),
      )
    : exchangeAmount;
  return { credit, price: exchangePriceInfo(items, { exchangeAmount: credit, tax: 0 }) };
}
