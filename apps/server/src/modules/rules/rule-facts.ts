import type { RuleItemFacts, RuleOrderFacts, ShopperHistory } from '@return-center/domain';
import type { PlatformLine, PlatformOrder } from '../../adapters/store-platform/port.js';
import type { RequestReads } from '../requests/request-reads.js';

/** The order as rules see it (domain RuleOrderFacts). */
export function orderFactsOf(order: PlatformOrder): RuleOrderFacts {
  const address = order.shippingAddress;
  return {
    number: order.number,
    email: order.email,
    createdAt: order.createdAt,
    deliveredAt: order.deliveredAt,
    value: order.total,
    tags: order.tags,
    discountCodes: order.discountCodes,
    country: address?.country_code ?? '',
    region: address?.province_code ?? '',
    address: address ? `${address.address1}, ${address.zip}` : '',
  };
}

/** What the shopper chose for an item, once they have. */
export interface ItemChoice {
  reasonId: number;
  reasonGroupId: number;
  photos: number;
  description: string;
}

/** One line as rules see it, for `quantity` units, with the shopper's choices when known. */
export const itemFactsOf = (line: PlatformLine, quantity: number, choice?: ItemChoice): RuleItemFacts => ({
  lineId: line.id,
  price: line.price,
  quantity,
  productType: line.productType,
  tags: line.tags,
  collections: line.collections,
  sku: line.sku,
  vendor: line.vendor,
  ...choice,
});

/** A shopper's requests as the requests module reads them. */
type HistoryRow = Awaited<ReturnType<RequestReads['historyOf']>>[number];

/** The shopper's history from their requests at the shop and how many orders they placed there. */
export function historyFrom(rows: readonly HistoryRow[], orders: number): ShopperHistory {
  const ordersWithReturn = new Set(rows.map((row) => row.order_id)).size;
  return {
    requests: rows.map((row) => ({ createdAt: row.created_at, refunded: row.actual_refund })),
    orders: Math.max(orders, ordersWithReturn),
    ordersWithReturn,
  };
}

/** The shopper's requests at the shop and how many of their orders have one. */
export async function shopperHistoryOf(
  requests: Pick<RequestReads, 'historyOf'>,
  shopId: number,
  email: string,
  orders: number,
): Promise<ShopperHistory> {
  return historyFrom(await requests.historyOf(shopId, email), orders);
}
