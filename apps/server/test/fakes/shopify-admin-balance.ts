import { allocate, present } from '@return-center/domain';
import {
  refundedUnits,
  type FakeExchangeLine,
  type FakeLine,
  type FakeOrder,
  type FakeShop,
} from './shopify-admin-shop.js';

/**
 * What an order is worth now and what it owes, as Shopify keeps it (`currentTotalPriceSet`, `netPaymentSet`,
 * `totalOutstandingSet`): a unit leaves the order once refunded or once its return is processed (not twice when both),
 * an exchange's new item joins it once processed, and the outstanding is the current total less what was paid and not
 * refunded: below 0 Shopify shows a refund owed, above 0 a payment due. A line's discount and tax are shared among its
 * units by largest remainder, the first units first, as Shopify's suggested refunds take them.
 */

/** The part of `amount` (spread over `of` units) that falls to the first `units` of them. */
export const firstUnits = (amount: number, units: number, of: number) =>
  units <= 0 ? 0 : present(allocate(amount, [units, of - units])[0], 'share of the first units');

/** Units `from` … `from + units` of the line: their price less their discount, and their tax. */
export function unitsShare(line: FakeLine, from: number, units: number): { subtotal: number; tax: number } {
  const share = (amount: number) =>
    firstUnits(amount, from + units, line.quantity) - firstUnits(amount, from, line.quantity);
  return { subtotal: line.price * units - share(line.discount), tax: share(line.tax) };
}

/** What units `from` … `from + units` of the line are worth, tax included. */
export function unitsValue(line: FakeLine, from: number, units: number): number {
  const { subtotal, tax } = unitsShare(line, from, units);
  return subtotal + tax;
}

/** Units of the line a processed return took back. */
export const processedReturnUnits = (shop: FakeShop, order: FakeOrder, lineId: number) =>
  shop.returns
    .filter((r) => r.orderId === order.id)
    .flatMap((r) => r.lines)
    .filter((l) => l.lineId === lineId)
    .reduce((sum, l) => sum + l.processed, 0);

/** Units no longer on the order: refunded, or returned and processed (a unit both counts once). */
export const removedUnits = (shop: FakeShop, order: FakeOrder, lineId: number) =>
  Math.max(refundedUnits(order, lineId), processedReturnUnits(shop, order, lineId));

/** What `units` of an exchange's new item come to, its discount shared among its units. */
export const exchangeValue = (line: FakeExchangeLine, units: number) =>
  line.price * units - firstUnits(line.discount, units, line.quantity);

export function currentTotal(shop: FakeShop, order: FakeOrder): number {
  const kept = order.lines.reduce((sum, line) => {
    const removed = Math.min(line.quantity, removedUnits(shop, order, line.id));
    return sum + unitsValue(line, removed, line.quantity - removed);
  }, 0);
  const added = shop.returns
    .filter((r) => r.orderId === order.id)
    .flatMap((r) => r.exchangeLines)
    .reduce((sum, l) => sum + exchangeValue(l, l.processed), 0);
  return kept + added + order.shipping;
}

/** Received less refunded. */
export const netPayment = (order: FakeOrder) =>
  order.transactions.reduce((sum, t) => sum + t.amount, 0) - order.refunds.reduce((sum, r) => sum + r.amount, 0);

/** Below 0: a refund owed to the customer; above 0: a payment due from them. */
export const outstanding = (shop: FakeShop, order: FakeOrder) => currentTotal(shop, order) - netPayment(order);
