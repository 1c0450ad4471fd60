import type { UnitsSold } from '../port.js';
import type { Operation, Session } from './client.js';
import { idOf, isoAt, type PageInfo } from './mapping.js';

/**
 * Units sold per product in the orders placed in a range, for the console's return rate. The orders search goes by
 * `processed_at`, when the order was placed as getOrder's `createdAt` counts it (an imported order keeps its own date,
 * where `created_at` is the import's), a page of orders at a time with their first lines; a long order's other lines
 * follow a page at a time. Each page waits for its points in the shop's bucket like every call, so a range of many
 * orders can run past the call's deadline. Lines of no product (custom items, deleted products) match no return and
 * are left out.
 */

/**
 * Shopify asks for the points a query may cost before it runs, by its `first`s: most orders have a line or two, so a
 * page asks for few lines of many orders (50 × 5: about 650 points) and a long order's other lines come after.
 */
const SOLD: Operation = {
  name: 'UnitsSold',
  query: `query UnitsSold($query: String!, $after: String) {
    orders(first: 50, after: $after, query: $query, sortKey: PROCESSED_AT) {
      nodes { id lineItems(first: 5) { nodes { title quantity product { id } } pageInfo { hasNextPage endCursor } } }
      pageInfo { hasNextPage endCursor }
    }
  }`,
  retryable: true,
};

const SOLD_LINES: Operation = {
  name: 'UnitsSoldLines',
  query: `query UnitsSoldLines($id: ID!, $after: String) {
    order(id: $id) {
      lineItems(first: 50, after: $after) { nodes { title quantity product { id } } pageInfo { hasNextPage endCursor } }
    }
  }`,
  retryable: true,
};

interface SoldLine {
  title: string;
  quantity: number;
  product: { id: string } | null;
}
type Lines = { nodes: SoldLine[]; pageInfo: PageInfo };

/** Per product (Shopify's ids), its units and its lines' title, for orders placed from `from` to `to` (seconds). */
export async function unitsSold(s: Session, from: number, to: number): Promise<UnitsSold[]> {
  const sold = new Map<number, UnitsSold>();
  const count = (lines: SoldLine[]) => {
    for (const line of lines) {
      const productId = idOf(line.product?.id, 'Product');
      if (!productId) continue;
      const known = sold.get(productId) ?? { productId, title: line.title, units: 0 };
      known.units += line.quantity;
      sold.set(productId, known);
    }
  };
  const query = `processed_at:>='${isoAt(from)}' processed_at:<'${isoAt(to + 1)}'`;
  let after: string | null = null;
  do {
    const { orders }: { orders: { nodes: { id: string; lineItems: Lines }[]; pageInfo: PageInfo } } = await s.request(
      SOLD,
      { query, after },
    );
    for (const order of orders.nodes) {
      count(order.lineItems.nodes);
      let page = order.lineItems.pageInfo;
      while (page.hasNextPage && page.endCursor) {
        const more: { order: { lineItems: Lines } | null } = await s.request(SOLD_LINES, {
          id: order.id,
          after: page.endCursor,
        });
        if (!more.order) break;
        count(more.order.lineItems.nodes);
        page = more.order.lineItems.pageInfo;
      }
    }
    after = orders.pageInfo.hasNextPage ? orders.pageInfo.endCursor : null;
  } while (after);
  return [...sold.values()];
}
