import type { PlatformProduct } from '../port.js';
import type { Operation, Session } from './client.js';
import { gid, idFrom, isShopifyId } from './mapping.js';
import { PRICE_FIELDS, priceRange, readProducts, type PriceNode } from './products.js';

/**
 * Products to suggest instead of one. The Admin API has no recommendations (Shopify's are the Storefront API's, for a
 * storefront token), so the rule is the local platform's, over Shopify's data: in one of the product's collections,
 * lowest price within half of its own either way, nearest first, in stock, never the product itself. Price ranges and
 * stock are read light (about 4 points a product, at most PER_COLLECTION of a collection in one query); the chosen
 * products in full, and those with no variant in stock left out.
 */

const PER_COLLECTION = 120;

const RELATED: Operation = {
  name: 'ProductCollections',
  query: `query ProductCollections($id: ID!) {
    product(id: $id) { ${PRICE_FIELDS} collections(first: 10) { nodes { id } } }
  }`,
  retryable: true,
};

const COLLECTION_PRICES: Operation = {
  name: 'CollectionPrices',
  query: `query CollectionPrices($id: ID!) {
    collection(id: $id) { products(first: ${String(PER_COLLECTION)}, sortKey: ID) { nodes { ${PRICE_FIELDS} } } }
  }`,
  retryable: true,
};

type Related = PriceNode & { collections: { nodes: { id: string }[] } };
type Candidate = { id: number; lowest: number; stock: number };

export async function recommendProducts(
  s: Session,
  currency: string,
  productId: number,
  limit: number,
): Promise<PlatformProduct[]> {
  if (!isShopifyId(productId)) return [];
  const { product } = await s.request<{ product: Related | null }>(RELATED, { id: gid('Product', productId) });
  if (!product) return [];
  const price = priceRange(product, currency).lowest;
  const candidates = new Map<number, Candidate>();
  for (const collection of product.collections.nodes) {
    const { collection: found } = await s.request<{ collection: { products: { nodes: PriceNode[] } } | null }>(
      COLLECTION_PRICES,
      { id: collection.id },
    );
    for (const node of found?.products.nodes ?? []) {
      const id = idFrom(node.id, 'Product');
      candidates.set(id, { id, lowest: priceRange(node, currency).lowest, stock: node.totalInventory });
    }
  }
  const chosen = [...candidates.values()]
    .filter((p) => p.id !== productId && p.stock > 0)
    .filter((p) => p.lowest >= Math.floor(price / 2) && p.lowest <= price + Math.ceil(price / 2))
    .sort((a, b) => Math.abs(a.lowest - price) - Math.abs(b.lowest - price) || a.id - b.id)
    .slice(0, Math.min(Math.max(Math.floor(limit), 1), 50));
  const products = await readProducts(
    s,
    chosen.map((p) => p.id),
    currency,
  );
  return products.filter((p) => p.variants.some((v) => v.stock > 0));
}
