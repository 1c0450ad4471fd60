import { allocate, minorToDecimal, present } from '@return-center/domain';
import { child, type Field } from './shopify-graphql.js';
import {
  digestOf,
  draftSubtotal,
  draftTotal,
  orderTotal,
  refundedUnits,
  type FakeDraft,
  type FakeOrder,
  type FakeProduct,
  type FakeShop,
  type FakeVariant,
} from './shopify-admin-shop.js';

/** The fake's objects in the Admin API's JSON shapes (a superset of what the adapter selects). */

export type Json = Record<string, unknown>;

/** A GraphQL error that answers the whole request (a resolver's `errors` entry). */
export class GraphqlError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export const gidOf = (kind: string, id: number) => `gid://shopify/${kind}/${String(id)}`;
export function idIn(value: unknown, kind: string): number | null {
  const match = /^gid:\/\/shopify\/(\w+)\/(\d+)$/.exec(typeof value === 'string' ? value : '');
  return match && match[1] === kind ? Number(match[2]) : null;
}
export const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
export const money = (amount: number, currency: string) => ({
  amount: minorToDecimal(amount, currency),
  currencyCode: currency,
});
export const bag = (amount: number, currency: string) => ({
  shopMoney: money(amount, currency),
  presentmentMoney: money(amount, currency),
});
export const str = (value: unknown) => (typeof value === 'string' ? value : '');
export const obj = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const num = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/** A connection of `items` by the field's `first` and `after` (a cursor is an item's place, opaque to clients). */
export function connection<T>(items: T[], field: Field | undefined, node: (item: T) => unknown) {
  const first = num(field?.args.first, 50);
  const after = str(field?.args.after);
  const start = after ? Number(Buffer.from(after, 'base64url').toString()) + 1 : 0;
  const page = items.slice(start, start + first);
  const end = start + page.length - 1;
  return {
    nodes: page.map(node),
    edges: page.map((item, i) => ({ cursor: cursor(start + i), node: node(item) })),
    pageInfo: {
      hasNextPage: end + 1 < items.length,
      hasPreviousPage: start > 0,
      startCursor: page.length > 0 ? cursor(start) : null,
      endCursor: page.length > 0 ? cursor(end) : null,
    },
  };
}
const cursor = (index: number) => Buffer.from(String(index)).toString('base64url');

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
    totalPriceSet: bag(orderTotal(order), c),
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
      product: {
        id: gidOf('Product', line.productId),
        tags: shop.products.find((p) => p.id === line.productId)?.tags ?? [],
      },
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

const firstUnits = (amount: number, units: number, of: number) =>
  present(allocate(amount, [units, of - units])[0], 'share of the first units');

export function productNode(shop: FakeShop, product: FakeProduct): Json {
  const named = product.optionNames.length > 0;
  return {
    id: gidOf('Product', product.id),
    legacyResourceId: String(product.id),
    title: product.title,
    handle: product.handle,
    tags: product.tags,
    status: 'ACTIVE',
    createdAt: iso(product.createdAt),
    totalInventory: product.variants.reduce((sum, v) => sum + v.available, 0),
    priceRangeV2: {
      minVariantPrice: money(Math.min(...product.variants.map((v) => v.price)), shop.currency),
      maxVariantPrice: money(Math.max(...product.variants.map((v) => v.price)), shop.currency),
    },
    featuredMedia: product.image ? { preview: { image: { url: product.image } } } : null,
    options: named
      ? product.optionNames.map((name, i) => ({
          name,
          position: i + 1,
          values: [...new Set(product.variants.map((v) => v.options[i] ?? ''))],
        }))
      : [{ name: 'Title', position: 1, values: ['Default Title'] }],
    variants: {
      nodes: product.variants.map((v) => variantNode(shop, product, v)),
      pageInfo: { hasNextPage: false, endCursor: null },
    },
    collections: {
      nodes: shop.collections
        .filter((c) => c.productIds.includes(product.id))
        .map((c) => ({ id: gidOf('Collection', c.id) })),
    },
  };
}

export function variantNode(shop: FakeShop, product: FakeProduct, variant: FakeVariant): Json {
  const named = product.optionNames.length > 0;
  return {
    id: gidOf('ProductVariant', variant.id),
    title: variant.title,
    sku: variant.sku || null,
    price: minorToDecimal(variant.price, shop.currency),
    inventoryQuantity: variant.available,
    selectedOptions: named
      ? product.optionNames.map((name, i) => ({ name, value: variant.options[i] ?? '' }))
      : [{ name: 'Title', value: 'Default Title' }],
    product: { id: gidOf('Product', product.id), title: product.title },
  };
}

export function draftNode(shop: FakeShop, draft: FakeDraft): Json {
  const c = draft.currency;
  const order = draft.orderId === null ? undefined : shop.orders.find((o) => o.id === draft.orderId);
  return {
    id: gidOf('DraftOrder', draft.id),
    name: `#D${String(draft.id % 10_000)}`,
    status: draft.status,
    invoiceUrl: `https://${shop.domain}/${String(draft.id)}/invoices/${digestOf(String(draft.id)).slice(0, 32)}`,
    createdAt: iso(draft.createdAt),
    reserveInventoryUntil: iso(draft.reservedUntil),
    presentmentCurrencyCode: c,
    tags: draft.tags,
    note: draft.note,
    email: draft.email,
    subtotalPriceSet: bag(draftSubtotal(draft), c),
    totalPriceSet: bag(draftTotal(draft), c),
    appliedDiscount: draft.discount > 0 ? { valueType: 'FIXED_AMOUNT', amountSet: bag(draft.discount, c) } : null,
    order: order ? { id: gidOf('Order', order.id), name: order.name } : null,
    lineItems: {
      nodes: draft.lines.map((l, i) => ({
        id: gidOf('DraftOrderLineItem', draft.id * 100 + i),
        title: l.title,
        variantTitle: l.variantTitle || null,
        quantity: l.quantity,
        originalUnitPriceSet: bag(l.price, c),
        variant: { id: gidOf('ProductVariant', l.variantId) },
        product: { id: gidOf('Product', l.productId) },
      })),
      pageInfo: { hasNextPage: false, endCursor: null },
    },
  };
}
