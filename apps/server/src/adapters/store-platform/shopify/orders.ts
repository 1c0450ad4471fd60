import type { FeedShippingAddress } from '@return-center/contract';
import { normalizeOrderNumber } from '@return-center/domain';
import type { PlatformLine, PlatformOrder } from '../port.js';
import type { Operation, Session } from './client.js';
import {
  bag,
  gid,
  idFrom,
  idOf,
  isShopifyId,
  searchValue,
  seconds,
  secondsOrNull,
  type MoneyBag,
  type PageInfo,
} from './mapping.js';

/** Orders read from the Admin API, in the shopper's (presentment) currency. */

/**
 * A line costs about 24 points of Shopify's query cost (half of it its product's first 10 collections), and a query
 * may cost 1000 at most: an order comes with its first lines, and the rest (an order of many lines) follow a page at a
 * time.
 */
const LINE_FIELDS = `
  id title variantTitle sku quantity refundableQuantity
  image { url }
  originalUnitPriceSet { presentmentMoney { amount currencyCode } }
  discountAllocations { allocatedAmountSet { presentmentMoney { amount currencyCode } } }
  taxLines { priceSet { presentmentMoney { amount currencyCode } } }
  product { id tags productType vendor collections(first: 10) { nodes { title } } }
  variant { id }`;

const orderFields = (lines: number) => `
  id name email phone processedAt presentmentCurrencyCode displayFinancialStatus tags discountCodes
  totalPriceSet { presentmentMoney { amount currencyCode } }
  totalShippingPriceSet { presentmentMoney { amount currencyCode } }
  shippingAddress { address1 address2 city provinceCode zip countryCodeV2 phone }
  fulfillments(first: 20) { status createdAt deliveredAt }
  lineItems(first: ${String(lines)}) { nodes { ${LINE_FIELDS} } pageInfo { hasNextPage endCursor } }`;

/**
 * Shopify holds a query until the bucket has its requested cost (what its `first`s could cost), and gives back the
 * unused part afterwards: 10 lines ask about 270 points where 20 would ask 510, so a page that reads an order waits
 * less on a busy shop; most orders have fewer, and the rest follow a page at a time.
 */
const FIRST_LINES = 10;

export const ORDER: Operation = {
  name: 'Order',
  query: `query Order($id: ID!) { order(id: $id) { ${orderFields(FIRST_LINES)} } }`,
  retryable: true,
};

/** Newest first by when the order was placed (`processedAt`: an imported order keeps its own date). */
const ORDERS: Operation = {
  name: 'Orders',
  query: `query Orders($query: String!, $first: Int!, $after: String) {
    orders(first: $first, after: $after, query: $query, sortKey: PROCESSED_AT, reverse: true) {
      nodes { ${orderFields(FIRST_LINES)} }
      pageInfo { hasNextPage endCursor }
    }
  }`,
  retryable: true,
};
/** Orders per page of a search: three with their first lines stay under the cost limit (about 810 points). */
const ORDERS_PAGE = 3;

/** The lines past an order's first, 30 a page (about 720 points). */
const ORDER_LINES: Operation = {
  name: 'OrderLines',
  query: `query OrderLines($id: ID!, $after: String) {
    order(id: $id) { lineItems(first: 30, after: $after) { nodes { ${LINE_FIELDS} } pageInfo { hasNextPage endCursor } } }
  }`,
  retryable: true,
};

const ORDER_IDS: Operation = {
  name: 'OrderIds',
  query: `query OrderIds($query: String!) { orders(first: 10, query: $query) { nodes { id email } } }`,
  retryable: true,
};

export interface OrderNode {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  processedAt: string;
  presentmentCurrencyCode: string;
  displayFinancialStatus: string | null;
  tags: string[];
  discountCodes: string[];
  totalPriceSet: MoneyBag;
  totalShippingPriceSet: MoneyBag;
  shippingAddress: {
    address1: string | null;
    address2: string | null;
    city: string | null;
    provinceCode: string | null;
    zip: string | null;
    countryCodeV2: string | null;
    phone: string | null;
  } | null;
  fulfillments: { status: string; createdAt: string; deliveredAt: string | null }[];
  lineItems: { nodes: LineNode[]; pageInfo: PageInfo };
}

interface LineNode {
  id: string;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  quantity: number;
  refundableQuantity: number;
  image: { url: string } | null;
  originalUnitPriceSet: MoneyBag;
  discountAllocations: { allocatedAmountSet: MoneyBag }[];
  taxLines: { priceSet: MoneyBag }[];
  product: {
    id: string;
    tags: string[];
    productType: string;
    vendor: string;
    collections: { nodes: { title: string }[] };
  } | null;
  variant: { id: string } | null;
}

/** The order with this id, when the shop has it (Shopify answers another shop's id with null). */
export async function readOrder(s: Session, orderId: number): Promise<PlatformOrder | null> {
  if (!isShopifyId(orderId)) return null;
  const { order } = await s.request<{ order: OrderNode | null }>(ORDER, { id: gid('Order', orderId) });
  return order ? toPlatformOrder(await withAllLines(s, order)) : null;
}

/** The order with the lines past its first page read too. */
async function withAllLines(s: Session, node: OrderNode): Promise<OrderNode> {
  const lines = [...node.lineItems.nodes];
  let page = node.lineItems.pageInfo;
  while (page.hasNextPage && page.endCursor) {
    const { order }: { order: { lineItems: OrderNode['lineItems'] } | null } = await s.request(ORDER_LINES, {
      id: node.id,
      after: page.endCursor,
    });
    if (!order) break;
    lines.push(...order.lineItems.nodes);
    page = order.lineItems.pageInfo;
  }
  return { ...node, lineItems: { nodes: lines, pageInfo: page } };
}

/**
 * By the number the shopper types, which is Shopify's order name without its "#": "#1001", "1001" and " ds-1001 "
 * find "#DS-1001". Shopify's `name` search is looser than that (and knows names with or without "#"), so what it
 * finds is checked exactly.
 */
export async function findByNumber(s: Session, typed: string): Promise<PlatformOrder | null> {
  const number = normalizeOrderNumber(typed);
  if (!number) return null;
  const query = `name:${searchValue(`#${number}`)} OR name:${searchValue(number)}`;
  const { orders } = await s.request<{ orders: { nodes: OrderNode[] } }>(ORDERS, { query, first: ORDERS_PAGE });
  const node = orders.nodes.find((o) => normalizeOrderNumber(o.name) === number);
  return node ? toPlatformOrder(await withAllLines(s, node)) : null;
}

/** The shop's orders placed with this email, newest first: up to 50, the most a shopper's order list shows. */
export async function listByEmail(s: Session, email: string): Promise<PlatformOrder[]> {
  const address = email.trim().toLowerCase();
  if (!address) return [];
  const found: PlatformOrder[] = [];
  let after: string | null = null;
  do {
    const { orders }: { orders: { nodes: OrderNode[]; pageInfo: PageInfo } } = await s.request(ORDERS, {
      query: `email:${searchValue(address)}`,
      first: ORDERS_PAGE,
      after,
    });
    // Shopify's email search also finds near matches; the port's is the address itself, in any case.
    for (const node of orders.nodes.filter((o) => o.email?.toLowerCase() === address))
      found.push(toPlatformOrder(await withAllLines(s, node)));
    after = orders.pageInfo.hasNextPage ? orders.pageInfo.endCursor : null;
  } while (after && found.length < 50);
  return found;
}

/**
 * Whether the shop has an order placed with this email: the port's customer is someone who ordered, which the orders
 * search answers with read_orders alone (a Shopify customer record may exist without any order).
 */
export async function hasOrders(s: Session, email: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  if (!address) return false;
  const { orders } = await s.request<{ orders: { nodes: { id: string; email: string | null }[] } }>(ORDER_IDS, {
    query: `email:${searchValue(address)}`,
  });
  return orders.nodes.some((o) => o.email?.toLowerCase() === address);
}

export function toPlatformOrder(node: OrderNode): PlatformOrder {
  const currency = node.presentmentCurrencyCode;
  const lines = node.lineItems.nodes.map((line) => toLine(line, currency));
  const done = node.fulfillments.filter((f) => f.status === 'SUCCESS');
  const delivered = done.map((f) => secondsOrNull(f.deliveredAt)).filter((at) => at !== null);
  const id = idFrom(node.id, 'Order');
  return {
    id,
    platformId: String(id),
    name: node.name,
    number: normalizeOrderNumber(node.name),
    email: node.email?.toLowerCase() ?? '',
    phone: node.phone ?? '',
    currency,
    // Before discounts, as the port counts it; the discount and tax are the lines' own.
    subtotal: sum(lines.map((l) => l.price * l.quantity)),
    discount: sum(lines.map((l) => l.discount)),
    tax: sum(lines.map((l) => l.tax)),
    shipping: bag(node.totalShippingPriceSet, currency),
    // What the shopper was charged, as Shopify counts it (taxes included in prices, shipping tax and all).
    total: bag(node.totalPriceSet, currency),
    createdAt: seconds(node.processedAt),
    fulfilledAt: done.length > 0 ? Math.min(...done.map((f) => seconds(f.createdAt))) : null,
    deliveredAt: delivered.length > 0 ? Math.max(...delivered) : null,
    refunded: node.displayFinancialStatus === 'REFUNDED',
    shippingAddress: node.shippingAddress ? toAddress(node.shippingAddress) : null,
    tags: node.tags,
    discountCodes: node.discountCodes,
    lines,
  };
}

function toLine(line: LineNode, currency: string): PlatformLine {
  const id = idFrom(line.id, 'LineItem');
  return {
    id,
    platformId: String(id),
    productId: idOf(line.product?.id, 'Product') ?? 0,
    variantId: idOf(line.variant?.id, 'ProductVariant') ?? 0,
    title: line.title,
    variantTitle: line.variantTitle ?? '',
    sku: line.sku ?? '',
    image: line.image?.url ?? '',
    price: bag(line.originalUnitPriceSet, currency),
    quantity: line.quantity,
    discount: sum(line.discountAllocations.map((a) => bag(a.allocatedAmountSet, currency))),
    tax: sum(line.taxLines.map((t) => bag(t.priceSet, currency))),
    // Shopify keeps the line's tags, type, vendor and collections (the first 10 asked) on its product: none when the
    // product was deleted.
    tags: line.product?.tags ?? [],
    productType: line.product?.productType ?? '',
    vendor: line.product?.vendor ?? '',
    collections: line.product?.collections.nodes.map((c) => c.title) ?? [],
    refundedQuantity: Math.max(0, line.quantity - line.refundableQuantity),
  };
}

function toAddress(a: NonNullable<OrderNode['shippingAddress']>): FeedShippingAddress {
  return {
    address1: a.address1 ?? '',
    address2: a.address2 ?? '',
    city: a.city ?? '',
    province_code: a.provinceCode ?? '',
    zip: a.zip ?? '',
    country_code: a.countryCodeV2 ?? '',
    phone: a.phone ?? '',
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
