import { connection, gidOf, GraphqlError, idIn, list, obj, str, type Json } from './shopify-admin-json.js';
import { orderOf, userError, type Handler } from './shopify-admin-orders.js';
import type { FakeShopifyData } from './shopify-admin-data.js';
import { refundedUnits, type FakeShop } from './shopify-admin-shop.js';

/** Root fields of returns: what may be returned, Shopify's return reasons, and a return's statuses. */
export const returnHandlers: Record<string, Handler> = {
  returnableFulfillments: (_data, shop, field) => {
    const order = orderOf(shop, field.args.orderId);
    if (!order) throw new GraphqlError('Order does not exist');
    const returning = (id: number) =>
      shop.returns
        .filter((r) => r.orderId === order.id && r.status !== 'DECLINED')
        .flatMap((r) => r.lines)
        .filter((l) => l.fulfillmentLineItemId === id)
        .reduce((sum, l) => sum + l.quantity, 0);
    return connection(order.fulfillments, field, (f) => ({
      id: gidOf('ReturnableFulfillment', f.id),
      fulfillment: { id: gidOf('Fulfillment', f.id) },
      returnableFulfillmentLineItems: {
        nodes: f.lines
          .map((l) => ({ l, quantity: l.quantity - returning(l.id) - refundedUnits(order, l.lineId) }))
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

  returnRequest: (data, shop, field) => makeReturn(data, shop, obj(field.args.input), ['input'], 'REQUESTED'),
  // A return approved outside Shopify's admin: it is open at once.
  returnCreate: (data, shop, field) => makeReturn(data, shop, obj(field.args.returnInput), ['returnInput'], 'OPEN'),
  returnApproveRequest: (_data, shop, field) => moveReturn(shop, obj(field.args.input).id, 'REQUESTED', 'OPEN'),
  returnDeclineRequest: (_data, shop, field) => moveReturn(shop, obj(field.args.input).id, 'REQUESTED', 'DECLINED'),
  returnCancel: (_data, shop, field) => moveReturn(shop, field.args.id, 'OPEN', 'CANCELED'),
};

type FakeReturn = FakeShop['returns'][number];

function makeReturn(data: FakeShopifyData, shop: FakeShop, input: Json, at: string[], status: 'REQUESTED' | 'OPEN') {
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
  const lines = asked.map((l, i) => ({
    fulfillmentLineItemId: idIn(l.fulfillmentLineItemId, 'FulfillmentLineItem') ?? 0,
    quantity: Number(l.quantity),
    reason: reasons[i] ?? '',
  }));
  const fulfilled = order.fulfillments.flatMap((f) => f.lines);
  if (lines.some((l) => !fulfilled.some((f) => f.id === l.fulfillmentLineItemId)))
    return {
      return: null,
      userErrors: [userError([...at, 'returnLineItems'], 'Fulfillment line item not found', 'NOT_FOUND')],
    };
  const made: FakeReturn = { id: data.nextId(), orderId: order.id, status, lines };
  shop.returns.push(made);
  return { return: { id: gidOf('Return', made.id), status: made.status }, userErrors: [] };
}

/** Moves a return from one status to the next; Shopify refuses a return in any other status. */
function moveReturn(shop: FakeShop, id: unknown, from: FakeReturn['status'], to: FakeReturn['status']) {
  const found = shop.returns.find((r) => gidOf('Return', r.id) === id);
  if (!found) return { return: null, userErrors: [userError(['id'], 'Return does not exist', 'NOT_FOUND')] };
  if (found.status !== from)
    return {
      return: null,
      userErrors: [userError(['id'], `This return can't be moved to ${to.toLowerCase()}.`, 'INVALID_STATE')],
    };
  found.status = to;
  return { return: { id: gidOf('Return', found.id), status: to }, userErrors: [] };
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
