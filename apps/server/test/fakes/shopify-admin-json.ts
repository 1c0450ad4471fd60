import { minorToDecimal } from '@return-center/domain';
import type { Field } from './shopify-graphql.js';
import {
  digestOf,
  draftSubtotal,
  draftTotal,
  type FakeDraft,
  type FakeProduct,
  type FakeShop,
  type FakeVariant,
} from './shopify-admin-shop.js';

/** The fake's objects in the Admin API's JSON shapes (a superset of what the adapter selects; orders: shopify-admin-order-node.ts). */

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
