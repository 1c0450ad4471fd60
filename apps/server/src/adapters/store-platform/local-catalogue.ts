import { isId } from '@return-center/contract';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ProductsTable, VariantsTable } from './local-schema.js';
import type { PlatformCollection, PlatformProduct } from './port.js';

/**
 * The local platform's catalogue as shoppers read it: `products` with their `variants`, grouped in `collections`
 * (pages of products: local-product-pages.ts; what fills it: local-catalogue-writes.ts).
 */

/** The shop's collections in the order they were made. */
export function listCollections(db: Db, shopId: number): Promise<PlatformCollection[]> {
  return db
    .selectFrom('collections')
    .select(['id', 'title', 'handle'])
    .where('shop_id', '=', shopId)
    .orderBy('id')
    .execute();
}

export async function getProduct(db: Db, shopId: number, productId: number): Promise<PlatformProduct | null> {
  if (!isId(productId)) return null;
  const row = await db
    .selectFrom('products')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', productId)
    .executeTakeFirst();
  return row ? ((await withVariants(db, [row]))[0] ?? null) : null;
}

/** What to suggest instead of a product (see the port): same collection, price within half either way, in stock. */
export async function recommendProducts(
  db: Db,
  shopId: number,
  productId: number,
  limit: number,
): Promise<PlatformProduct[]> {
  if (!isId(productId)) return [];
  const product = await db
    .selectFrom('products')
    .select(['id', 'min_price'])
    .where('shop_id', '=', shopId)
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!product) return [];
  const rows = await db
    .selectFrom('products')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '!=', product.id)
    .where('min_price', '>=', Math.floor(product.min_price / 2))
    .where('min_price', '<=', product.min_price + Math.ceil(product.min_price / 2))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('collection_products as theirs')
          .innerJoin('collection_products as mine', 'mine.collection_id', 'theirs.collection_id')
          .select('theirs.product_id')
          .whereRef('theirs.product_id', '=', 'products.id')
          .where('mine.product_id', '=', product.id),
      ),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('variants')
          .select('variants.id')
          .whereRef('variants.product_id', '=', 'products.id')
          .where('variants.inventory_quantity', '>', 0),
      ),
    )
    .orderBy(sql`abs(min_price - ${product.min_price})`)
    .orderBy('id')
    .limit(Math.min(Math.max(Math.floor(limit), 1), 50))
    .execute();
  return withVariants(db, rows);
}

/** A variant of the shop's catalogue by its SKU. */
export async function variantBySku(db: Db, shopId: number, sku: string) {
  const row = await db
    .selectFrom('variants')
    .innerJoin('products', 'products.id', 'variants.product_id')
    .select(['variants.id', 'variants.product_id', 'variants.price'])
    .where('products.shop_id', '=', shopId)
    .where('variants.sku', '=', sku)
    .executeTakeFirst();
  return row ? { productId: row.product_id, variantId: row.id, price: row.price } : null;
}

/**
 * What an order line of each of the shop's products carries of it, as the feed names it: tags, type, vendor and
 * the titles of its collections (the shop's oldest collection first). Products not the shop's are left out.
 */
export async function productFacts(db: Db, shopId: number, productIds: number[]) {
  const ids = [...new Set(productIds.filter(isId))];
  if (ids.length === 0) return new Map<number, ProductFacts>();
  const products = await db
    .selectFrom('products')
    .select(['id', 'tags', 'product_type', 'vendor'])
    .where('shop_id', '=', shopId)
    .where('id', 'in', ids)
    .execute();
  const memberships = await db
    .selectFrom('collection_products')
    .innerJoin('collections', 'collections.id', 'collection_products.collection_id')
    .select(['collection_products.product_id', 'collections.title'])
    .where('collections.shop_id', '=', shopId)
    .where('collection_products.product_id', 'in', ids)
    .orderBy('collections.id')
    .execute();
  return new Map(
    products.map((p): [number, ProductFacts] => [
      p.id,
      {
        tags: p.tags ? p.tags.split(',') : [],
        product_type: p.product_type,
        vendor: p.vendor,
        collections: memberships.filter((m) => m.product_id === p.id).map((m) => m.title),
      },
    ]),
  );
}
export interface ProductFacts {
  tags: string[];
  product_type: string;
  vendor: string;
  collections: string[];
}

export async function withVariants(db: Db, rows: Selectable<ProductsTable>[]): Promise<PlatformProduct[]> {
  if (rows.length === 0) return [];
  const variants = await db
    .selectFrom('variants')
    .selectAll()
    .where(
      'product_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    handle: row.handle,
    image: row.image,
    tags: row.tags ? row.tags.split(',') : [],
    createdAt: row.created_at,
    optionNames: jsonList(row.option_names),
    variants: variants.filter((v) => v.product_id === row.id).map(toVariant),
  }));
}

export function toVariant(v: Selectable<VariantsTable>) {
  return {
    id: v.id,
    productId: v.product_id,
    title: v.title,
    sku: v.sku,
    price: v.price,
    stock: v.inventory_quantity,
    options: [v.option1, v.option2, v.option3].filter((o) => o !== null),
  };
}

/** A JSON list of texts as the local tables keep them (option names, collections, codes); its texts only. */
export function jsonList(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((name) => typeof name === 'string') : [];
}
