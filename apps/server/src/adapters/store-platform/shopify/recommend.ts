import type { PlatformProduct } from '../port.js';
import { lightProduct, type PriceNode } from './catalogue.js';
import type { Operation, Session } from './client.js';
import { gid, idFrom, isShopifyId, type PageInfo } from './mapping.js';
import { lowest, readProducts, VARIANTS } from './products.js';

/**
 * Products to suggest instead of one. The Admin API has no recommendations (Shopify's are the Storefront API's, for a
 * storefront token), so the rule is the local platform's, over Shopify's data: in one of the product's collections,
 * lowest price within half of its own either way, nearest first, in stock, never the product itself. Prices and stock
 * are read light (30 products a query, at most PER_COLLECTION of a collection); the chosen products in full.
 */

const PER_COLLECTION = 120;

const RELATED: Operation = {
  name: 'ProductCollections',
  query: `query ProductCollections($id: ID!) {
    product(id: $id) {
      id title tags variants(first: ${String(VARIANTS)}) { nodes { sku price inventoryQuantity } }
      collections(first: 10) { nodes { id } }
    }
  }`,
  retryable: true,
};

const COLLECTION_PRICES: Operation = {
  name: 'CollectionPrices',
  query: `query CollectionPrices($id: ID!, $after: String) {
    collection(id: $id) {
      products(first: 30, after: $after, sortKey: ID) {
        nodes { id title tags variants(first: ${String(VARIANTS)}) { nodes { sku price inventoryQuantity } } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }`,
  retryable: true,
};

type Related = PriceNode & { collections: { nodes: { id: string }[] } };

export async function recommendProducts(
  s: Session,
  currency: string,
  productId: number,
  limit: number,
): Promise<PlatformProduct[]> {
  if (!isShopifyId(productId)) return [];
  const { product } = await s.request<{ product: Related | null }>(RELATED, { id: gid('Product', productId) });
  if (!product) return [];
  const price = lowest(lightProduct(product, currency));
  const candidates = new Map<number, PlatformProduct>();
  for (const collection of product.collections.nodes) {
    let after: string | null = null;
    let read = 0;
    do {
      const { collection: found }: { collection: { products: { nodes: PriceNode[]; pageInfo: PageInfo } } | null } =
        await s.request(COLLECTION_PRICES, { id: collection.id, after });
      for (const node of found?.products.nodes ?? [])
        candidates.set(idFrom(node.id, 'Product'), lightProduct(node, currency));
      read += found?.products.nodes.length ?? 0;
      after = found?.products.pageInfo.hasNextPage ? found.products.pageInfo.endCursor : null;
    } while (after && read < PER_COLLECTION);
  }
  const chosen = [...candidates.values()]
    .filter((p) => p.id !== productId)
    .filter((p) => lowest(p) >= Math.floor(price / 2) && lowest(p) <= price + Math.ceil(price / 2))
    .filter((p) => p.variants.some((v) => v.stock > 0))
    .sort((a, b) => Math.abs(lowest(a) - price) - Math.abs(lowest(b) - price) || a.id - b.id)
    .slice(0, Math.min(Math.max(Math.floor(limit), 1), 50));
  return readProducts(
    s,
    chosen.map((p) => p.id),
    currency,
  );
}
