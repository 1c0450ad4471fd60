import { createHash } from 'node:crypto';
import type { FeedOrder } from '@return-center/contract';
import { present } from '@return-center/domain';

/**
 * The fake Admin API's shops, in memory: what each holds and how tests seed it (as a merchant would fill a shop in
 * the Shopify admin). Money is kept in minor units and written out as decimal strings; ids are numbers behind
 * `gid://shopify/<Type>/<n>`, unique across shops as Shopify's are.
 */

export interface FakeLine {
  id: number;
  feedId: string;
  productId: number;
  variantId: number | null;
  title: string;
  variantTitle: string;
  sku: string;
  image: string;
  price: number;
  quantity: number;
  discount: number;
  tax: number;
}

export interface FakeRefundLine {
  lineId: number;
  quantity: number;
  restockType: 'NO_RESTOCK' | 'CANCEL' | 'RETURN';
  /** Where its units went back to stock; null when they did not. */
  locationId: number | null;
}

export interface FakeRefund {
  id: number;
  createdAt: number;
  note: string | null;
  amount: number;
  lines: FakeRefundLine[];
  /** The seeded refund's feed id (a refund made in the admin); null for one made through the API. */
  feedId: string | null;
}

export interface FakeOrder {
  id: number;
  feedId: string;
  name: string;
  email: string;
  phone: string;
  currency: string;
  processedAt: number;
  shipping: number;
  shippingAddress: FeedOrder['shipping_address'];
  tags: string[];
  discountCodes: string[];
  lines: FakeLine[];
  refunds: FakeRefund[];
  fulfillments: {
    id: number;
    locationId: number;
    createdAt: number;
    deliveredAt: number | null;
    lines: { id: number; lineId: number; quantity: number }[];
  }[];
  transactions: { id: number; kind: 'SALE'; amount: number; gateway: string }[];
  customerId: number | null;
  cancelledAt: number | null;
  metafields: Map<string, string>;
}

export interface FakeVariant {
  id: number;
  title: string;
  sku: string;
  price: number;
  /** Units available: stock less what drafts hold and orders took; Shopify lets it go below 0. */
  available: number;
  options: string[];
}

export interface FakeProduct {
  id: number;
  title: string;
  handle: string;
  image: string;
  tags: string[];
  productType: string;
  vendor: string;
  createdAt: number;
  optionNames: string[];
  variants: FakeVariant[];
  /** A product made only to carry an order line's tags, type, vendor and collections: not in the catalogue. */
  hidden: boolean;
}

export interface FakeDraft {
  id: number;
  status: 'OPEN' | 'COMPLETED';
  createdAt: number;
  email: string;
  currency: string;
  tags: string[];
  note: string;
  lines: {
    variantId: number;
    productId: number;
    title: string;
    variantTitle: string;
    price: number;
    quantity: number;
  }[];
  discount: number;
  reservedUntil: number;
  /** Its units are back in stock (deleted, expired, or taken by its order). */
  released: boolean;
  orderId: number | null;
}

export interface FakeReturnLine {
  id: number;
  fulfillmentLineItemId: number;
  /** The order's line the fulfilled units are of. */
  lineId: number;
  quantity: number;
  /** The return reason definition's handle, or the deprecated ReturnReason value it was given. */
  reason: string;
  note: string;
  /** Units returnProcess confirmed: they are off the order (its current total) from then on. */
  processed: number;
}

/** A new item of an exchange (returnCreate's exchangeLineItems), on the order once processed. */
export interface FakeExchangeLine {
  id: number;
  variantId: number;
  productId: number;
  title: string;
  quantity: number;
  /** Unit price when the return was made, and the line's applied discount (the whole line's, minor units). */
  price: number;
  discount: number;
  processed: number;
}

export interface FakeReturn {
  id: number;
  orderId: number;
  status: 'REQUESTED' | 'OPEN' | 'DECLINED' | 'CANCELED' | 'CLOSED';
  lines: FakeReturnLine[];
  exchangeLines: FakeExchangeLine[];
}

export interface FakeShop {
  domain: string;
  accessToken: string;
  currency: string;
  /** The scopes the app's token was granted; every scope when unset. */
  scopes?: string[];
  /** Where stock is kept; the first is the primary location, which fulfils the orders put in. */
  locations: { id: number; name: string }[];
  orders: FakeOrder[];
  products: FakeProduct[];
  collections: { id: number; title: string; handle: string; productIds: number[] }[];
  drafts: FakeDraft[];
  giftCards: { id: number; code: string; amount: number; note: string; createdAt: number }[];
  discounts: { id: number; code: string; title: string; amount: number; createdAt: number }[];
  returns: FakeReturn[];
  /** refundCreate's @idempotent keys and the refund each made. */
  idempotency: Map<string, { orderId: number; refundId: number }>;
  orderCount: number;
}

export interface NewFakeProduct {
  title: string;
  handle: string;
  image?: string;
  tags?: string[];
  productType?: string;
  vendor?: string;
  createdAt: number;
  optionNames?: string[];
  variants: { title: string; sku: string; price: number; stock: number; options: string[] }[];
}

/** An order with no lines, refunds, fulfilments or payments yet, nothing shipped and no tags or codes. */
export const blankOrder = (
  fields: Pick<FakeOrder, 'id' | 'feedId' | 'name' | 'email' | 'currency' | 'processedAt' | 'customerId'>,
): FakeOrder => ({
  phone: '',
  shipping: 0,
  shippingAddress: null,
  tags: [],
  discountCodes: [],
  lines: [],
  refunds: [],
  fulfillments: [],
  transactions: [],
  cancelledAt: null,
  metafields: new Map(),
  ...fields,
});

export const orderTotal = (order: FakeOrder) =>
  order.lines.reduce((sum, l) => sum + l.price * l.quantity - l.discount + l.tax, 0) + order.shipping;

export const refundedUnits = (order: FakeOrder, lineId: number) =>
  order.refunds.reduce(
    (sum, r) => sum + r.lines.filter((l) => l.lineId === lineId).reduce((n, l) => n + l.quantity, 0),
    0,
  );

export const primaryLocation = (shop: FakeShop) => present(shop.locations[0], 'the primary location').id;

export const draftSubtotal = (draft: FakeDraft) => draft.lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
export const draftTotal = (draft: FakeDraft) => Math.max(0, draftSubtotal(draft) - draft.discount);

/** A metafield's compareDigest: a hash of its value. */
export const digestOf = (value: string) => createHash('sha256').update(value).digest('hex');
