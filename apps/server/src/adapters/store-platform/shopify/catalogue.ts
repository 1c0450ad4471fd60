import type { PlatformCollection, PlatformProduct, ProductPage, ProductQuery, ProductSort } from '../port.js';
import type { Operation, Session } from './client.js';
import { gid, idFrom, isShopifyId, searchValue, type PageInfo } from './mapping.js';
import {
  PRICE_FIELDS,
  priceRange,
  PRODUCT_FIELDS,
  readProducts,
  toProduct,
  type PriceNode,
  type ProductNode,
} from './products.js';

/**
 * The exchange catalogue from the Admin API. Shopify cannot do all of the port's query in one place: its `products`
 * search has no price sort and cannot join a collection with a SKU or tag search, and a collection's own product list
 * (which can sort by price and by the merchant's featured order) takes no search at all. So:
 * - with a collection: the collection's products in its order (featured = the collection's own order), filtered here;
 * - without, featured or newest: `products` with what its search can narrow (active products, title/SKU/tag, in
 *   stock), sorted by id (the order products were added: Shopify keeps no shop-wide featured order) or creation time,
 *   filtered exactly here (its search is word-based, the port's is a part of the text);
 * - without, by price: the matching products' price ranges read light (the first SCAN_MAX by id, SCAN_PAGE at a time
 *   for about 4 points each, kept by the caller for the next pages), sorted here by their lowest price, and the page's
 *   products read by id and filtered exactly. A bigger catalogue sorts by price only within a collection.
 * A page is at most `limit` and at most PAGE products (a page of products with their variants costs about 800 of the
 * 1000 points a query may), and may hold fewer when the exact filter leaves some out; the cursor carries the sort it
 * was made for.
 */

export const PAGE = 12;
const SCAN_MAX = 250;
/** Products a price scan reads at a time: about 400 points asked, of which Shopify keeps 4 a product it answers. */
const SCAN_PAGE = 100;

const PRODUCTS: Operation = {
  name: 'Products',
  query: `query Products($first: Int!, $after: String, $query: String, $sortKey: ProductSortKeys, $reverse: Boolean) {
    products(first: $first, after: $after, query: $query, sortKey: $sortKey, reverse: $reverse) {
      nodes { ${PRODUCT_FIELDS} }
      pageInfo { hasNextPage endCursor }
    }
  }`,
  retryable: true,
};

export const COLLECTION_PRODUCTS: Operation = {
  name: 'CollectionProducts',
  query: `query CollectionProducts($id: ID!, $first: Int!, $after: String, $sortKey: ProductCollectionSortKeys, $reverse: Boolean) {
    collection(id: $id) {
      products(first: $first, after: $after, sortKey: $sortKey, reverse: $reverse) {
        nodes { ${PRODUCT_FIELDS} }
        pageInfo { hasNextPage endCursor }
      }
    }
  }`,
  retryable: true,
};

/** Just what sorting by price needs: each product's price range (no variants: 4 points a product). */
const PRICES: Operation = {
  name: 'ProductPrices',
  query: `query ProductPrices($first: Int!, $after: String, $query: String) {
    products(first: $first, after: $after, query: $query, sortKey: ID) {
      nodes { ${PRICE_FIELDS} }
      pageInfo { hasNextPage endCursor }
    }
  }`,
  retryable: true,
};

const COLLECTIONS: Operation = {
  name: 'Collections',
  query: `query Collections($after: String) {
    collections(first: 250, after: $after, sortKey: ID) { nodes { id title handle } pageInfo { hasNextPage endCursor } }
  }`,
  retryable: true,
};

export type Connection = { nodes: ProductNode[]; pageInfo: PageInfo };

export async function listCollections(s: Session): Promise<PlatformCollection[]> {
  const found: PlatformCollection[] = [];
  let after: string | null = null;
  do {
    const { collections }: { collections: { nodes: PlatformCollectionNode[]; pageInfo: PageInfo } } = await s.request(
      COLLECTIONS,
      { after },
    );
    found.push(...collections.nodes.map((c) => ({ id: idFrom(c.id, 'Collection'), title: c.title, handle: c.handle })));
    after = collections.pageInfo.hasNextPage ? collections.pageInfo.endCursor : null;
  } while (after);
  return found;
}
interface PlatformCollectionNode {
  id: string;
  title: string;
  handle: string;
}

const COLLECTION_SORT: Record<ProductSort, [string, boolean]> = {
  featured: ['COLLECTION_DEFAULT', false],
  newest: ['CREATED', true],
  'price-desc': ['PRICE', true],
  'price-asc': ['PRICE', false],
};

/** A price scan's products, each with its lowest price; `remember` may keep it for the next pages of the listing. */
export type Ranked = { id: number; key: number }[];
export type RememberScan = (key: unknown[], scan: () => Promise<Ranked>) => Promise<Ranked>;

export async function listProducts(
  s: Session,
  currency: string,
  query: ProductQuery,
  remember: RememberScan = (_key, scan) => scan(),
): Promise<ProductPage> {
  const limit = Math.min(Math.max(Math.floor(query.limit), 1), PAGE);
  const sort = query.sort ?? 'featured';
  const term = query.search?.trim().replace(/\s+/g, ' ').toLowerCase() ?? '';
  const keep = (p: PlatformProduct) => matches(p, term, query);
  if (query.collectionId !== undefined) {
    if (!isShopifyId(query.collectionId)) return { products: [], nextCursor: null };
    const [sortKey, reverse] = COLLECTION_SORT[sort];
    const after = query.cursor ? readCursor(query.cursor, sort, 'page') : null;
    const { collection } = await s.request<{ collection: { products: Connection } | null }>(COLLECTION_PRODUCTS, {
      id: gid('Collection', query.collectionId),
      first: limit,
      after,
      sortKey,
      reverse,
    });
    return page(collection?.products, currency, keep, sort);
  }
  const search = narrowing(term, query.inStock === true);
  if (sort === 'featured' || sort === 'newest') {
    const after = query.cursor ? readCursor(query.cursor, sort, 'page') : null;
    const { products } = await s.request<{ products: Connection }>(PRODUCTS, {
      first: limit,
      after,
      query: search,
      sortKey: sort === 'newest' ? 'CREATED_AT' : 'ID',
      reverse: sort === 'newest',
    });
    return page(products, currency, keep, sort);
  }
  const scan = () => scanPrices(s, currency, search, query.price ?? {});
  const ranked = await remember([search, query.price?.min, query.price?.max], scan);
  return byPrice(s, currency, ranked, keep, sort, limit, query.cursor ?? null);
}

function page(
  connection: Connection | undefined,
  currency: string,
  keep: (p: PlatformProduct) => boolean,
  sort: ProductSort,
): ProductPage {
  if (!connection) return { products: [], nextCursor: null };
  const { hasNextPage, endCursor } = connection.pageInfo;
  return {
    products: connection.nodes.map((n) => toProduct(n, currency)).filter(keep),
    nextCursor: hasNextPage && endCursor ? writeCursor([sort, 'page', endCursor]) : null,
  };
}

/** Shopify's search for what it can narrow down; the exact test is `matches`. */
function narrowing(term: string, inStock: boolean): string {
  const parts = ['status:active'];
  if (term) {
    const value = searchValue(term);
    parts.push(`(title:*${value}* OR sku:*${value}* OR tag:${value})`);
  }
  if (inStock) parts.push('inventory_total:>0');
  return parts.join(' AND ');
}

/** The port's filters: a part of the title, a SKU or a tag (any case), a variant priced within bounds, in stock. */
function matches(p: PlatformProduct, term: string, query: ProductQuery): boolean {
  if (
    term &&
    !p.title.toLowerCase().includes(term) &&
    !p.variants.some((v) => v.sku.toLowerCase().includes(term)) &&
    !p.tags.some((t) => t.toLowerCase().includes(term))
  )
    return false;
  const { min, max } = query.price ?? {};
  if ((min !== undefined || max !== undefined) && !p.variants.some((v) => within(v.price, min, max))) return false;
  return !query.inStock || p.variants.some((v) => v.stock > 0);
}

const within = (price: number, min?: number, max?: number) =>
  (min === undefined || price >= min) && (max === undefined || price <= max);

/** The products of the search whose price range meets the bounds, with their lowest price, by id. */
async function scanPrices(
  s: Session,
  currency: string,
  search: string,
  { min, max }: { min?: number; max?: number },
): Promise<Ranked> {
  const ranked: Ranked = [];
  let after: string | null = null;
  let read = 0;
  do {
    const { products }: { products: { nodes: PriceNode[]; pageInfo: PageInfo } } = await s.request(PRICES, {
      first: SCAN_PAGE,
      after,
      query: search,
    });
    for (const node of products.nodes) {
      const { lowest, highest } = priceRange(node, currency);
      // A product none of whose variants can be within the bounds; the others are checked exactly once read.
      if ((max === undefined || lowest <= max) && (min === undefined || highest >= min))
        ranked.push({ id: idFrom(node.id, 'Product'), key: lowest });
    }
    read += products.nodes.length;
    after = products.pageInfo.hasNextPage ? products.pageInfo.endCursor : null;
  } while (after && read < SCAN_MAX);
  return ranked;
}

async function byPrice(
  s: Session,
  currency: string,
  scanned: Ranked,
  keep: (p: PlatformProduct) => boolean,
  sort: ProductSort,
  limit: number,
  cursor: string | null,
): Promise<ProductPage> {
  const from = cursor ? readCursor(cursor, sort, 'scan') : null;
  const down = sort === 'price-desc' ? -1 : 1;
  const order = (a: { key: number; id: number }, b: { key: number; id: number }) =>
    down * (a.key - b.key || a.id - b.id);
  const ranked = [...scanned].sort(order);
  const rest = from ? ranked.filter((r) => order(r, from) > 0) : ranked;
  const shown = rest.slice(0, limit);
  const last = shown.at(-1);
  const products = await readProducts(
    s,
    shown.map((r) => r.id),
    currency,
  );
  return {
    products: products.filter(keep),
    nextCursor: rest.length > limit && last ? writeCursor([sort, 'scan', last.key, last.id]) : null,
  };
}

const writeCursor = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');

function readCursor(cursor: string, sort: ProductSort, kind: 'page'): string;
function readCursor(cursor: string, sort: ProductSort, kind: 'scan'): { key: number; id: number };
/** What a cursor stands for; one this adapter did not write, or wrote for another sort or listing, is refused. */
function readCursor(cursor: string, sort: ProductSort, kind: 'page' | 'scan'): string | { key: number; id: number } {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    value = null;
  }
  if (Array.isArray(value) && value[0] === sort && value[1] === kind) {
    const [, , a, b] = value as unknown[];
    if (kind === 'page' && typeof a === 'string') return a;
    if (kind === 'scan' && typeof a === 'number' && typeof b === 'number') return { key: a, id: b };
  }
  throw new RangeError('Unreadable product cursor');
}
