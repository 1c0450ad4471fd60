import { currentTotal, firstUnits, netPayment, outstanding } from './shopify-admin-balance.js';
import { child, type Field } from './shopify-graphql.js';
import { bag, connection, gidOf, GraphqlError, iso, list, num, obj, str, type Json } from './shopify-admin-json.js';
import { returnNode } from './shopify-admin-return-node.js';
import { digestOf, orderTotal, refundedUnits, type FakeOrder, type FakeShop } from './shopify-admin-shop.js';

/** The fake's orders in the Admin API's JSON shape (a superset of what the adapter selects). */

const financialStatus = (order: FakeOrder) => {
  const refunded = order.lines.filter((l) => refundedUnits(order, l.id) > 0);
  if (order.lines.every((l) => refundedUnits(order, l.id) >= l.quantity)) return 'REFUNDED';
  return refunded.length > 0 || order.refunds.some((r) => r.amount > 0) ? 'PARTIALLY_REFUNDED' : 'PAID';
};

export function orderNode(shop: FakeShop, order: FakeOrder, field: Field): Json {
  const c = order.currency;
  const lineItems = child(field, 'lineItems');
  const metafield = child(field, 'metafield');
  const suggested = child(field, 'suggestedRefund');
  const stored = metafield
    ? order.metafields.get(`${str(metafield.args.namespace)}.${str(metafield.args.key)}`)
    : undefined;
  return {
    id: gidOf('Order', order.id),
    legacyResourceId: String(order.id),
    name: order.name,
    email: order.email || null,
    phone: order.phone || null,
    createdAt: iso(order.processedAt),
    processedAt: iso(order.processedAt),
    cancelledAt: order.cancelledAt === null ? null : iso(order.cancelledAt),
    currencyCode: shop.currency,
    presentmentCurrencyCode: c,
    displayFinancialStatus: financialStatus(order),
    tags: order.tags,
    discountCodes: order.discountCodes,
    totalPriceSet: bag(orderTotal(order), c),
    currentTotalPriceSet: bag(currentTotal(shop, order), c),
    netPaymentSet: bag(netPayment(order), c),
    totalOutstandingSet: bag(outstanding(shop, order), c),
    returns: connection(
      shop.returns.filter((r) => r.orderId === order.id),
      child(field, 'returns'),
      (r) => returnNode(r, child(child(field, 'returns') ?? field, 'nodes')),
    ),
    totalShippingPriceSet: bag(order.shipping, c),
    totalTaxSet: bag(
      order.lines.reduce((sum, l) => sum + l.tax, 0),
      c,
    ),
    customer: order.customerId === null ? null : { id: gidOf('Customer', order.customerId) },
    shippingAddress: order.shippingAddress && {
      address1: order.shippingAddress.address1,
      address2: order.shippingAddress.address2 || null,
      city: order.shippingAddress.city,
      provinceCode: order.shippingAddress.province_code || null,
      zip: order.shippingAddress.zip,
      countryCodeV2: order.shippingAddress.country_code,
      phone: order.shippingAddress.phone || null,
    },
    fulfillments: order.fulfillments.map((f) => ({
      id: gidOf('Fulfillment', f.id),
      status: 'SUCCESS',
      location: { id: gidOf('Location', f.locationId) },
      createdAt: iso(f.createdAt),
      deliveredAt: f.deliveredAt === null ? null : iso(f.deliveredAt),
      fulfillmentLineItems: {
        nodes: f.lines.map((l) => ({
          id: gidOf('FulfillmentLineItem', l.id),
          quantity: l.quantity,
          lineItem: { id: gidOf('LineItem', l.lineId) },
        })),
      },
    })),
    lineItems: connection(order.lines, lineItems, (line) => ({
      id: gidOf('LineItem', line.id),
      title: line.title,
      name: line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title,
      variantTitle: line.variantTitle || null,
      sku: line.sku || null,
      quantity: line.quantity,
      currentQuantity: line.quantity,
      refundableQuantity: line.quantity - refundedUnits(order, line.id),
      unfulfilledQuantity: Math.max(
        0,
        line.quantity -
          order.fulfillments.flatMap((f) => f.lines).reduce((n, l) => n + (l.lineId === line.id ? l.quantity : 0), 0),
      ),
      image: line.image ? { url: line.image } : null,
      originalUnitPriceSet: bag(line.price, c),
      discountAllocations: line.discount > 0 ? [{ allocatedAmountSet: bag(line.discount, c) }] : [],
      taxLines: line.tax > 0 ? [{ title: 'Tax', priceSet: bag(line.tax, c) }] : [],
      product: lineProduct(shop, line.productId, lineItems),
      variant: line.variantId === null ? null : { id: gidOf('ProductVariant', line.variantId) },
    })),
    transactions: order.transactions.map((t) => ({
      id: gidOf('OrderTransaction', t.id),
      kind: t.kind,
      status: 'SUCCESS',
      gateway: t.gateway,
      amountSet: bag(t.amount, c),
    })),
    refunds: order.refunds.map((r) => ({
      id: gidOf('Refund', r.id),
      note: r.note,
      createdAt: iso(r.createdAt),
      totalRefundedSet: bag(r.amount, c),
      refundLineItems: {
        nodes: r.lines.map((l) => ({
          lineItem: { id: gidOf('LineItem', l.lineId) },
          quantity: l.quantity,
          restockType: l.restockType,
          restocked: l.restockType !== 'NO_RESTOCK',
          location: l.locationId === null ? null : { id: gidOf('Location', l.locationId) },
        })),
      },
    })),
    metafield: stored === undefined ? null : { value: stored, compareDigest: digestOf(stored), type: 'json' },
    ...(suggested ? { suggestedRefund: suggestedRefund(order, suggested) } : {}),
  };
}

/**
 * Shopify's suggestion for some units: each line's units are taken after those already refunded, and its discount
 * and tax shared among its units by largest remainder, so a line refunded bit by bit adds up to the line.
 */
function suggestedRefund(order: FakeOrder, field: Field): Json {
  const c = order.currency;
  const lines = list(field.args.refundLineItems).map((input) => {
    const { lineItemId, quantity } = obj(input);
    const line = order.lines.find((l) => gidOf('LineItem', l.id) === lineItemId);
    if (!line) throw new GraphqlError(`Invalid id: ${str(lineItemId)}`);
    const from = refundedUnits(order, line.id);
    const units = num(quantity, 0);
    if (units > line.quantity - from) throw new GraphqlError('Cannot refund more items than were purchased');
    const share = (amount: number) =>
      firstUnits(amount, from + units, line.quantity) - firstUnits(amount, from, line.quantity);
    const discount = share(line.discount);
    const tax = share(line.tax);
    return { line, units, subtotal: line.price * units - discount, tax, discount };
  });
  const sum = (key: 'subtotal' | 'tax' | 'discount') => lines.reduce((s, l) => s + l[key], 0);
  return {
    amountSet: bag(sum('subtotal') + sum('tax'), c),
    subtotalSet: bag(sum('subtotal') + sum('discount'), c),
    discountedSubtotalSet: bag(sum('subtotal'), c),
    totalTaxSet: bag(sum('tax'), c),
    maximumRefundableSet: bag(orderTotal(order) - order.refunds.reduce((s, r) => s + r.amount, 0), c),
    refundLineItems: lines.map((l) => ({
      lineItem: { id: gidOf('LineItem', l.line.id) },
      quantity: l.units,
      restockType: 'NO_RESTOCK',
      priceSet: bag(l.line.price, c),
      subtotalSet: bag(l.subtotal, c),
      totalTaxSet: bag(l.tax, c),
    })),
  };
}

/**
 * A line's product as an order answers it: its tags, type and vendor, and the collections it is in (the shop's oldest
 * first, a connection by the `first` asked under `lineItems { nodes { product { collections } } }`).
 */
function lineProduct(shop: FakeShop, productId: number, lineItems: Field | undefined): Json {
  const product = shop.products.find((p) => p.id === productId);
  const nodes = lineItems && child(lineItems, 'nodes');
  const asked = nodes && child(nodes, 'product');
  const collections = shop.collections.filter((c) => c.productIds.includes(productId));
  return {
    id: gidOf('Product', productId),
    tags: product?.tags ?? [],
    productType: product?.productType ?? '',
    vendor: product?.vendor ?? '',
    collections: connection(collections, asked && child(asked, 'collections'), (c) => ({
      id: gidOf('Collection', c.id),
      title: c.title,
      handle: c.handle,
    })),
  };
}
