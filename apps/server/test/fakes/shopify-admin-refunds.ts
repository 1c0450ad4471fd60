import { parseMinor } from '@return-center/domain';
import { bag, gidOf, GraphqlError, idIn, iso, list, obj, str, type Json } from './shopify-admin-json.js';
import { orderOf, userError, type Handler } from './shopify-admin-orders.js';
import type { FakeShopifyData } from './shopify-admin-data.js';
import {
  orderTotal,
  primaryLocation,
  refundedUnits,
  type FakeOrder,
  type FakeRefundLine,
  type FakeShop,
} from './shopify-admin-shop.js';

/**
 * refundCreate and the locations stock goes back to. A refund's line items count as refunded units of their lines
 * (no longer refundable), and RETURN or CANCEL puts their units back in stock at a location of the shop, which RETURN
 * needs for units that were fulfilled. Refused, as Shopify does, with userErrors and nothing done.
 */

const refused = (field: string[], message: string) => ({
  refund: null,
  order: null,
  userErrors: [userError(field, message)],
});

function refundLines(shop: FakeShop, order: FakeOrder, input: unknown): FakeRefundLine[] | ReturnType<typeof refused> {
  const lines: FakeRefundLine[] = [];
  for (const [i, raw] of list(input).entries()) {
    const item = obj(raw);
    const at = ['refundLineItems', String(i)];
    const line = order.lines.find((l) => gidOf('LineItem', l.id) === item.lineItemId);
    if (!line) return refused([...at, 'lineItemId'], 'Line item does not exist');
    const quantity = Number(item.quantity);
    const taken =
      refundedUnits(order, line.id) + lines.filter((l) => l.lineId === line.id).reduce((n, l) => n + l.quantity, 0);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > line.quantity - taken)
      return refused([...at, 'quantity'], 'Quantity cannot refund more items than were purchased');
    const restockType = str(item.restockType) || 'NO_RESTOCK';
    if (restockType !== 'NO_RESTOCK' && restockType !== 'CANCEL' && restockType !== 'RETURN')
      throw new GraphqlError(`Invalid value for RefundLineItemRestockType: ${restockType}`);
    const locationId = idIn(item.locationId, 'Location');
    if (restockType !== 'NO_RESTOCK' && !shop.locations.some((l) => l.id === locationId))
      return refused([...at, 'locationId'], 'Location must be one of the shop’s to restock to');
    const fulfilled = order.fulfillments.some((f) => f.lines.some((l) => l.lineId === line.id));
    if (restockType === 'RETURN' && !fulfilled)
      return refused([...at, 'restockType'], 'Only fulfilled line items can be returned to stock');
    lines.push({
      lineId: line.id,
      quantity,
      restockType,
      locationId: restockType === 'NO_RESTOCK' ? null : locationId,
    });
  }
  return lines;
}

export const refundHandlers: Record<string, Handler> = {
  refundCreate: (data, shop, field) => {
    const key = str(field.directives.idempotent?.key);
    // Mandatory since 2026-04 (https://shopify.dev/changelog/making-idempotency-mandatory-for-inventory-adjustments-and-refund-mutations).
    if (!key) throw new GraphqlError('The @idempotent directive is required for refundCreate', 'BAD_REQUEST');
    const input = obj(field.args.input);
    const order = orderOf(shop, input.orderId);
    const answer = (refundId: number) => {
      const o = shop.orders.find((x) => x.refunds.some((r) => r.id === refundId));
      const refund = o?.refunds.find((r) => r.id === refundId);
      return {
        refund: refund &&
          o && {
            id: gidOf('Refund', refund.id),
            createdAt: iso(refund.createdAt),
            totalRefundedSet: bag(refund.amount, o.currency),
          },
        order: o && { id: gidOf('Order', o.id) },
        userErrors: [],
      };
    };
    const earlier = shop.idempotency.get(key);
    if (earlier) return answer(earlier.refundId);
    if (!order) return refused(['orderId'], 'Order does not exist');
    const currency = str(input.currency) || order.currency;
    let amount = 0;
    for (const t of list(input.transactions).map(obj)) {
      const parent = order.transactions.find((p) => gidOf('OrderTransaction', p.id) === t.parentId);
      if (!parent || t.kind !== 'REFUND') return refused(['transactions'], 'Parent transaction not found');
      amount += parseMinor(str(t.amount), currency);
    }
    const refunded = order.refunds.reduce((sum, r) => sum + r.amount, 0);
    if (amount > orderTotal(order) - refunded)
      return refused(['transactions', '0', 'amount'], 'Refund amount exceeds the refundable amount');
    const lines = refundLines(shop, order, input.refundLineItems);
    if (!Array.isArray(lines)) return lines;
    const refund = { id: data.nextId(), createdAt: data.nowSeconds(), note: str(input.note) || null, amount, lines };
    order.refunds.push({ ...refund, feedId: null });
    restock(data, shop, order, lines);
    shop.idempotency.set(key, { orderId: order.id, refundId: refund.id });
    return answer(refund.id);
  },

  /** A location by id; without one, the shop's primary location (what Shopify answers). */
  location: (_data, shop, field) => {
    const id =
      field.args.id === undefined || field.args.id === null ? primaryLocation(shop) : idIn(field.args.id, 'Location');
    const found = shop.locations.find((l) => l.id === id);
    return found ? locationNode(found) : null;
  },
};

function restock(data: FakeShopifyData, shop: FakeShop, order: FakeOrder, lines: FakeRefundLine[]): void {
  for (const refunded of lines) {
    const line = order.lines.find((l) => l.id === refunded.lineId);
    const found = line?.variantId ? data.variant(shop, line.variantId) : undefined;
    if (found && refunded.restockType !== 'NO_RESTOCK') found.variant.available += refunded.quantity;
  }
}

const locationNode = (location: FakeShop['locations'][number]): Json => ({
  id: gidOf('Location', location.id),
  name: location.name,
  isActive: true,
});

/** Units of the order's line that its refunds put back in stock. */
export const restockedUnits = (order: FakeOrder, lineId: number) =>
  order.refunds
    .flatMap((r) => r.lines)
    .filter((l) => l.lineId === lineId && l.restockType !== 'NO_RESTOCK')
    .reduce((n, l) => n + l.quantity, 0);
