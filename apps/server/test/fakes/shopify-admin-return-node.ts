import { connection, gidOf, type Json } from './shopify-admin-json.js';
import type { FakeReturn } from './shopify-admin-shop.js';
import { child, type Field } from './shopify-graphql.js';

/** A return in the Admin API's JSON shape (a superset of what the adapter selects). */
export function returnNode(ret: FakeReturn, field: Field | undefined): Json {
  const quantities = (l: { quantity: number; processed: number }) => ({
    quantity: l.quantity,
    processedQuantity: l.processed,
    processableQuantity: l.quantity - l.processed,
    unprocessedQuantity: l.quantity - l.processed,
  });
  return {
    id: gidOf('Return', ret.id),
    name: `#R${String(ret.id % 10_000)}`,
    status: ret.status,
    order: { id: gidOf('Order', ret.orderId) },
    totalQuantity: ret.lines.reduce((sum, l) => sum + l.quantity, 0),
    returnLineItems: connection(ret.lines, field && child(field, 'returnLineItems'), (l) => ({
      id: gidOf('ReturnLineItem', l.id),
      ...quantities(l),
      refundableQuantity: l.quantity,
      refundedQuantity: 0,
      returnReasonNote: l.note,
      customerNote: null,
      fulfillmentLineItem: { id: gidOf('FulfillmentLineItem', l.fulfillmentLineItemId) },
    })),
    exchangeLineItems: connection(ret.exchangeLines, field && child(field, 'exchangeLineItems'), (l) => ({
      id: gidOf('ExchangeLineItem', l.id),
      ...quantities(l),
      variantId: gidOf('ProductVariant', l.variantId),
      lineItems: l.processed > 0 ? [{ id: gidOf('LineItem', l.id), title: l.title }] : [],
    })),
  };
}
