import { connection, gidOf, GraphqlError, idIn, list, obj, str, type Json } from './shopify-admin-json.js';
import { exchangeLinesOf } from './shopify-admin-exchanges.js';
import { returnNode } from './shopify-admin-return-node.js';
import { orderOf, userError, type Handler } from './shopify-admin-orders.js';
import type { FakeShopifyData } from './shopify-admin-data.js';
import { refundedUnits, type FakeOrder, type FakeReturn, type FakeShop } from './shopify-admin-shop.js';
import { child, type Field } from './shopify-graphql.js';

/** Root fields of returns: what may be returned, Shopify's return reasons, and a return's statuses. */
export const returnHandlers: Record<string, Handler> = {
  returnableFulfillments: (_data, shop, field) => {
    const order = orderOf(shop, field.args.orderId);
    if (!order) throw new GraphqlError('Order does not exist');
    return connection(order.fulfillments, field, (f) => ({
      id: gidOf('ReturnableFulfillment', f.id),
      fulfillment: { id: gidOf('Fulfillment', f.id) },
      returnableFulfillmentLineItems: {
        nodes: f.lines
          .map((l) => ({ l, quantity: returnable(shop, order, l.id) }))
          .filter(({ quantity }) => quantity > 0)
          .map(({ l, quantity }) => ({
            quantity,
            fulfillmentLineItem: {
              id: gidOf('FulfillmentLineItem', l.id),
              lineItem: { id: gidOf('LineItem', l.lineId) },
            },
          })),
      },
    }));
  },

  returnReasonDefinitions: (_data, _shop, field) => {
    const handles = field.args.handles;
    const ids = field.args.ids;
    const found = RETURN_REASON_DEFINITIONS.filter(
      (d) =>
        (!Array.isArray(handles) || handles.includes(d.handle)) &&
        (!Array.isArray(ids) || ids.includes(gidOf('ReturnReasonDefinition', d.id))),
    );
    return connection(found, field, (d) => ({
      id: gidOf('ReturnReasonDefinition', d.id),
      handle: d.handle,
      deleted: d.deleted,
      name: d.handle.replace(/-/g, ' '),
    }));
  },

  returnRequest: (data, shop, field) => makeReturn(data, shop, field, obj(field.args.input), ['input'], 'REQUESTED'),
  // A return approved outside Shopify's admin: it is open at once, and may carry the exchange's new items.
  returnCreate: (data, shop, field) =>
    makeReturn(data, shop, field, obj(field.args.returnInput), ['returnInput'], 'OPEN'),
  returnApproveRequest: (_data, shop, field) => moveReturn(shop, field, obj(field.args.input).id, 'REQUESTED', 'OPEN'),
  returnDeclineRequest: (_data, shop, field) =>
    moveReturn(shop, field, obj(field.args.input).id, 'REQUESTED', 'DECLINED'),
  returnCancel: (_data, shop, field) => moveReturn(shop, field, field.args.id, 'OPEN', 'CANCELED'),
  return: (_data, shop, field) => {
    const found = shop.returns.find((r) => gidOf('Return', r.id) === field.args.id);
    return found ? returnNode(found, field) : null;
  },
};

/** Units of a fulfilment line that no return (but a declined or cancelled one) or refund has taken yet. */
function returnable(shop: FakeShop, order: FakeOrder, fulfillmentLineItemId: number): number {
  const line = order.fulfillments.flatMap((f) => f.lines).find((l) => l.id === fulfillmentLineItemId);
  if (!line) return 0;
  const returning = shop.returns
    .filter((r) => r.orderId === order.id && r.status !== 'DECLINED' && r.status !== 'CANCELED')
    .flatMap((r) => r.lines)
    .filter((l) => l.fulfillmentLineItemId === fulfillmentLineItemId)
    .reduce((sum, l) => sum + l.quantity, 0);
  return line.quantity - returning - refundedUnits(order, line.lineId);
}

function makeReturn(
  data: FakeShopifyData,
  shop: FakeShop,
  field: Field,
  input: Json,
  at: string[],
  status: 'REQUESTED' | 'OPEN',
) {
  const order = orderOf(shop, input.orderId);
  if (!order) return { return: null, userErrors: [userError([...at, 'orderId'], 'Order does not exist', 'NOT_FOUND')] };
  const asked = list(input.returnLineItems).map(obj);
  // Each line names why: a reason definition of Shopify's library, or (deprecated) a ReturnReason value.
  const reasons = asked.map(
    (l) =>
      RETURN_REASON_DEFINITIONS.find((d) => gidOf('ReturnReasonDefinition', d.id) === l.returnReasonDefinitionId)
        ?.handle ?? str(l.returnReason),
  );
  const missing = reasons.findIndex((reason) => reason === '');
  if (missing >= 0)
    return {
      return: null,
      userErrors: [
        userError(
          [...at, 'returnLineItems', String(missing)],
          'Either a return reason or a return reason definition is needed',
          'INVALID',
        ),
      ],
    };
  const fulfilled = order.fulfillments.flatMap((f) => f.lines);
  const lines: FakeReturn['lines'] = [];
  for (const [i, l] of asked.entries()) {
    const fulfillmentLineItemId = idIn(l.fulfillmentLineItemId, 'FulfillmentLineItem') ?? 0;
    const from = fulfilled.find((f) => f.id === fulfillmentLineItemId);
    if (!from)
      return {
        return: null,
        userErrors: [userError([...at, 'returnLineItems'], 'Fulfillment line item not found', 'NOT_FOUND')],
      };
    const quantity = Number(l.quantity);
    const taken = lines
      .filter((x) => x.fulfillmentLineItemId === fulfillmentLineItemId)
      .reduce((n, x) => n + x.quantity, 0);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > returnable(shop, order, from.id) - taken)
      return {
        return: null,
        userErrors: [
          userError(
            [...at, 'returnLineItems', String(i), 'quantity'],
            'Quantity is not available for return',
            'INVALID',
          ),
        ],
      };
    const reason = reasons[i] ?? '';
    lines.push({
      id: data.nextId(),
      fulfillmentLineItemId,
      lineId: from.lineId,
      quantity,
      reason,
      note: str(l.returnReasonNote),
      processed: 0,
    });
  }
  const exchange = exchangeLinesOf(data, shop, order, input.exchangeLineItems, [...at, 'exchangeLineItems']);
  if ('error' in exchange) return { return: null, userErrors: [exchange.error] };
  const made: FakeReturn = { id: data.nextId(), orderId: order.id, status, lines, exchangeLines: exchange.lines };
  shop.returns.push(made);
  return { return: returnNode(made, child(field, 'return')), userErrors: [] };
}

/**
 * Moves a return from one status to the next; Shopify refuses a return in any other status, and cancels only one
 * nothing was done on yet.
 */
function moveReturn(shop: FakeShop, field: Field, id: unknown, from: FakeReturn['status'], to: FakeReturn['status']) {
  const found = shop.returns.find((r) => gidOf('Return', r.id) === id);
  if (!found) return { return: null, userErrors: [userError(['id'], 'Return does not exist', 'NOT_FOUND')] };
  const worked = [...found.lines, ...found.exchangeLines].some((l) => l.processed > 0);
  if (found.status !== from || (to === 'CANCELED' && worked))
    return {
      return: null,
      userErrors: [userError(['id'], `This return can't be moved to ${to.toLowerCase()}.`, 'INVALID_STATE')],
    };
  found.status = to;
  return { return: returnNode(found, child(field, 'return')), userErrors: [] };
}

/** Shopify's library of return reasons (a part of it, ids made up); retired ones stay valid for old returns. */
export const RETURN_REASON_DEFINITIONS = [
  'arrived-late',
  'damaged',
  'defective',
  'quality',
  'not-as-described',
  'wrong-item',
  'unwanted',
  'style',
  'too-tight',
  'color-too-bright',
  'other',
].map((handle, i) => ({ id: 9_000 + i, handle, deleted: false }));
RETURN_REASON_DEFINITIONS.push({ id: 8_999, handle: 'unknown', deleted: true });
