import { parseMinor } from '@return-center/domain';
import type { PlatformProduct, PlatformVariant } from '../port.js';
import type { Operation, Session } from './client.js';
import { gid, idFrom, isShopifyId, seconds } from './mapping.js';

/** Products and variants as the port has them; prices are in the shop's currency, which `shopCurrency` reads once. */

/** Variants read per product: the exchange catalogue shows at most this many of one product. */
export const VARIANTS = 30;

export const PRODUCT_FIELDS = `
  id title handle tags createdAt
  featuredMedia { preview { image { url } } }
  options { name position }
  variants(first: ${String(VARIANTS)}) {
    nodes { id title sku price inventoryQuantity selectedOptions { name value } }
  }`;

/** Just what price sorts and suggestions read of a product: its price range and stock, no variants (4 points). */
export const PRICE_FIELDS = `id totalInventory priceRangeV2 { minVariantPrice { amount } maxVariantPrice { amount } }`;

export interface PriceNode {
  id: string;
  totalInventory: number;
  priceRangeV2: { minVariantPrice: { amount: string }; maxVariantPrice: { amount: string } };
}

/** A product's lowest and highest variant prices, in minor units. */
export const priceRange = (node: PriceNode, currency: string) => ({
  lowest: parseMinor(node.priceRangeV2.minVariantPrice.amount, currency),
  highest: parseMinor(node.priceRangeV2.maxVariantPrice.amount, currency),
});

export interface ProductNode {
  id: string;
  title: string;
  handle: string;
  tags: string[];
  createdAt: string;
  featuredMedia: { preview: { image: { url: string } | null } | null } | null;
  options: { name: string; position: number }[];
  variants: { nodes: VariantNode[] };
}

interface VariantNode {
  id: string;
  title: string;
  sku: string | null;
  price: string;
  inventoryQuantity: number | null;
  selectedOptions: { name: string; value: string }[];
}

const PRODUCT: Operation = {
  name: 'Product',
  query: `query Product($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } }`,
  retryable: true,
};

const PRODUCTS_BY_ID: Operation = {
  name: 'ProductsById',
  query: `query ProductsById($ids: [ID!]!) { nodes(ids: $ids) { ... on Product { ${PRODUCT_FIELDS} } } }`,
  retryable: true,
};
/** Products read by id at a time: a dozen with their variants cost about 800 points. */
const BY_ID = 12;

const SHOP_CURRENCY: Operation = {
  name: 'ShopCurrency',
  query: `query ShopCurrency { shop { currencyCode } }`,
  retryable: true,
};

/** A product of the shop, or null when the shop has none of that id. */
export async function readProduct(s: Session, productId: number, currency: string): Promise<PlatformProduct | null> {
  if (!isShopifyId(productId)) return null;
  const { product } = await s.request<{ product: ProductNode | null }>(PRODUCT, { id: gid('Product', productId) });
  return product ? toProduct(product, currency) : null;
}

/** The shop's products of these ids, in that order; ids it has none of are left out. */
export async function readProducts(s: Session, ids: number[], currency: string): Promise<PlatformProduct[]> {
  const found = new Map<number, PlatformProduct>();
  for (let i = 0; i < ids.length; i += BY_ID) {
    const { nodes } = await s.request<{ nodes: (Partial<ProductNode> | null)[] }>(PRODUCTS_BY_ID, {
      ids: ids.slice(i, i + BY_ID).map((id) => gid('Product', id)),
    });
    // Another shop's id answers null; another kind of node, an empty object.
    for (const node of nodes.filter(isProduct)) {
      const product = toProduct(node, currency);
      found.set(product.id, product);
    }
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

export async function shopCurrency(s: Session): Promise<string> {
  return (await s.request<{ shop: { currencyCode: string } }>(SHOP_CURRENCY)).shop.currencyCode;
}

const isProduct = (node: Partial<ProductNode> | null): node is ProductNode => typeof node?.handle === 'string';

/** Shopify's one "Default Title" option of a product without variants of its own is no option to choose. */
const isDefault = (node: ProductNode) =>
  node.options.length === 1 &&
  node.options[0]?.name === 'Title' &&
  node.variants.nodes.every((v) => v.selectedOptions.every((o) => o.value === 'Default Title'));

export function toProduct(node: ProductNode, currency: string): PlatformProduct {
  const id = idFrom(node.id, 'Product');
  const names = isDefault(node) ? [] : [...node.options].sort((a, b) => a.position - b.position).map((o) => o.name);
  return {
    id,
    title: node.title,
    handle: node.handle,
    image: node.featuredMedia?.preview?.image?.url ?? '',
    tags: node.tags,
    createdAt: seconds(node.createdAt),
    optionNames: names,
    variants: node.variants.nodes.map((v): PlatformVariant => ({
      id: idFrom(v.id, 'ProductVariant'),
      productId: id,
      title: v.title,
      sku: v.sku ?? '',
      price: parseMinor(v.price, currency),
      stock: v.inventoryQuantity ?? 0,
      options: names.map((name) => v.selectedOptions.find((o) => o.name === name)?.value ?? ''),
    })),
  };
}

/** A product's lowest variant price (what price sorts and bounds go by). */
export const lowest = (p: PlatformProduct) => (p.variants.length > 0 ? Math.min(...p.variants.map((v) => v.price)) : 0);
