import { formatMoney } from '@return-center/domain';
import { SHIPPING_METHODS } from '../orders/order-source.js';
import type { RequestRecord } from '../requests/request-record.js';
import type { Shop } from '../storefront-config/shop.js';

/** What the timeline needs of an item before and after an edit. */
export interface ItemLike {
  order_line_id: number;
  title: string;
  quantity: number;
  reason_id: number;
  reason_text: string;
  description: string;
}

const methodName = (id: number) => SHIPPING_METHODS.find((method) => method.id === id)?.name ?? `method ${String(id)}`;

/**
 * What a desk edit changed, in words for the timeline: "Wool Beanie added (1, Too small); Linen Shirt: quantity 1 → 2;
 * method: Ship on your own → Return label from the merchant; refund $45.00 → $90.00". Empty when nothing changed.
 */
export function deskEditNote(
  shop: Shop,
  record: Pick<RequestRecord, 'shipping_method_id' | 'refund' | 'currency'>,
  before: ItemLike[],
  after: ItemLike[],
  methodId: number,
  refund: number,
): string {
  const changes: string[] = [];
  for (const item of after) {
    const old = before.find((entry) => entry.order_line_id === item.order_line_id);
    if (!old) {
      changes.push(`${item.title} added (${String(item.quantity)}, ${item.reason_text})`);
      continue;
    }
    if (old.quantity !== item.quantity)
      changes.push(`${item.title}: quantity ${String(old.quantity)} → ${String(item.quantity)}`);
    if (old.reason_id !== item.reason_id)
      changes.push(`${item.title}: reason ${old.reason_text} → ${item.reason_text}`);
    if (old.description !== item.description) changes.push(`${item.title}: description changed`);
  }
  for (const old of before)
    if (!after.some((item) => item.order_line_id === old.order_line_id)) changes.push(`${old.title} removed`);
  if (methodId !== record.shipping_method_id)
    changes.push(`method: ${methodName(record.shipping_method_id)} → ${methodName(methodId)}`);
  if (changes.length === 0) return '';
  if (refund !== record.refund) {
    const money = (amount: number) => formatMoney(amount, record.currency, shop.currencyFormat);
    changes.push(`refund ${money(record.refund)} → ${money(refund)}`);
  }
  return changes.join('; ');
}
