import { isId } from '@return-center/contract';
import { sql, type Selectable, type SqlBool } from 'kysely';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { ProductsTable, VariantsTable } from '../../db/schema.js';
import type { PlatformCollection, PlatformProduct, ProductPage, ProductQuery, ProductSort } from './port.js';
import { searchTextOf } from './search-text.js';

/**
 * The local platform's catalogue: `products` with their `variants`, grouped in `collections`.
 * Pages run in the sort's order (`featured_rank`, `created_at` or `min_price`), then id in the same direction; the
 * cursor is the last product's place in that order, as base64url JSON `[sort, value, id]` (opaque to callers). A search is one phrase, trimmed, matched case-insensitively as a
 * part of the title, of a variant's SKU or of one tag (case-insensitive for ASCII letters on SQLite, whose lower()
 * knows no others).
 */

export interface NewProduct {
  title: string;
  handle: string;
  image: string;
  tags: string[];
  /** Place among the featured products, 0 first. */
  rank: number;
  createdAt: number;
  /**
   * The names of the options its variants differ by. By default ["Size"] when the variants have one option (the
   * demo catalogue's), "Option 1", "Option 2"… when they have more.
   */
  optionNames?: string[];
  /** Handles of the shop's collections it belongs to; one the shop has not got yet is made, titled after its handle. */
  collections?: string[];
  variants: { title: string; sku: string; price: number; stock: number; options: string[] }[];
}

export interface NewCollection {
  title: string;
  handle: string;
  /** Products of the shop to put in it. */
  productIds: number[];
}

/** The most products a page holds, whatever the caller asks. */
export const MAX_PAGE = 250;

/** Adds a product with its variants to the shop's catalogue (the demo shop's seed). */
export async function addProduct(
  db: Db,
  clock: Clock,
  shopId: number,
  product: NewProduct,
): Promise<{ sku: string; productId: number; variantId: number }[]> {
  const optionCount = Math.max(0, ...product.variants.map((v) => Math.min(v.options.length, 3)));
  const row = await db
    .insertInto('products')
    .values({
      shop_id: shopId,
      title: product.title,
      handle: product.handle,
      image: product.image,
      tags: product.tags.join(','),
      featured_rank: product.rank,
      created_at: product.createdAt,
      option_names: JSON.stringify(product.optionNames ?? defaultOptionNames(optionCount)),
      min_price: product.variants.length > 0 ? Math.min(...product.variants.map((v) => v.price)) : 0,
      search_text: searchTextOf(
        product.title,
        product.tags.join(','),
        product.variants.map((v) => v.sku),
      ),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const variants = [];
  for (const variant of product.variants) {
    const v = await db
      .insertInto('variants')
      .values({
        product_id: row.id,
        title: variant.title,
        sku: variant.sku,
        price: variant.price,
        inventory_quantity: variant.stock,
        option1: variant.options[0] ?? null,
        option2: variant.options[1] ?? null,
        option3: variant.options[2] ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    variants.push({ sku: variant.sku, productId: row.id, variantId: v.id });
  }
  for (const handle of product.collections ?? [])
    await addCollection(db, clock, shopId, { title: titleOf(handle), handle, productIds: [row.id] }, false);
  return variants;
}

const defaultOptionNames = (count: number) =>
  count === 1 ? ['Size'] : Array.from({ length: count }, (_, i) => `Option ${String(i + 1)}`);
const titleOf = (handle: string) => {
  const words = handle.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Makes a collection of the shop's products, or adds the products to the shop's collection of that handle (then
 * `retitle` says whether it takes the new title). A product that is not the shop's is refused.
 */
export async function addCollection(
  db: Db,
  clock: Clock,
  shopId: number,
  collection: NewCollection,
  retitle = true,
): Promise<PlatformCollection> {
  const productIds = [...new Set(collection.productIds)];
  if (productIds.length > 0) {
    const owned = await db
      .selectFrom('products')
      .select('id')
      .where('shop_id', '=', shopId)
      .where('id', 'in', productIds.filter(isId))
      .execute();
    if (owned.length < productIds.length)
      throw new Error(`Collection ${collection.handle}: not every product is the shop's`);
  }
  await db
    .insertInto('collections')
    .values({ shop_id: shopId, title: collection.title, handle: collection.handle, created_at: nowSeconds(clock) })
    .onConflict((oc) =>
      retitle
        ? oc.columns(['shop_id', 'handle']).doUpdateSet({ title: collection.title })
        : oc.columns(['shop_id', 'handle']).doNothing(),
    )
    .execute();
  const row = await db
    .selectFrom('collections')
    .select(['id', 'title', 'handle'])
    .where('shop_id', '=', shopId)
    .where('handle', '=', collection.handle)
    .executeTakeFirstOrThrow();
  if (productIds.length > 0)
    await db
      .insertInto('collection_products')
      .values(productIds.map((productId) => ({ collection_id: row.id, product_id: productId })))
      .onConflict((oc) => oc.columns(['collection_id', 'product_id']).doNothing())
      .execute();
  return row;
}

/** The shop's collections in the order they were made. */
export function listCollections(db: Db, shopId: number): Promise<PlatformCollection[]> {
  return db
    .selectFrom('collections')
    .select(['id', 'title', 'handle'])
    .where('shop_id', '=', shopId)
    .orderBy('id')
    .execute();
}

/** How each sort orders products: a column and a direction, with the id after it in the same direction. */
const ORDERS: Record<ProductSort, { column: 'featured_rank' | 'created_at' | 'min_price'; descending: boolean }> = {
  featured: { column: 'featured_rank', descending: false },
  newest: { column: 'created_at', descending: true },
  'price-desc': { column: 'min_price', descending: true },
  'price-asc': { column: 'min_price', descending: false },
};

/** A page of the shop's products, filtered, searched and sorted (see the top of this file). */
export async function listProducts(db: Db, shopId: number, query: ProductQuery): Promise<ProductPage> {
  const limit = Math.min(Math.max(Math.floor(query.limit), 1), MAX_PAGE);
  const sort = query.sort ?? 'featured';
  const after = query.cursor ? readCursor(query.cursor, sort) : null;
  const { collectionId } = query;
  if (collectionId !== undefined && !isId(collectionId)) return { products: [], nextCursor: null };
  const term = query.search?.trim().replace(/\s+/g, ' ').toLowerCase() ?? '';
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { min, max } = query.price ?? {};

  let rows = db.selectFrom('products').selectAll().where('products.shop_id', '=', shopId);
  if (collectionId !== undefined)
    rows = rows.where((eb) =>
      eb.exists(
        eb
          .selectFrom('collection_products')
          .innerJoin('collections', 'collections.id', 'collection_products.collection_id')
          .select('collection_products.product_id')
          .whereRef('collection_products.product_id', '=', 'products.id')
          .where('collections.id', '=', collectionId)
          .where('collections.shop_id', '=', shopId),
      ),
    );
  if (term) rows = rows.where(sql<SqlBool>`${sql.ref('products.search_text')} like ${pattern} escape '\\'`);
  if (min !== undefined || max !== undefined || query.inStock)
    rows = rows.where((eb) => {
      let variant = eb.selectFrom('variants').select('variants.id').whereRef('variants.product_id', '=', 'products.id');
      if (min !== undefined) variant = variant.where('variants.price', '>=', min);
      if (max !== undefined) variant = variant.where('variants.price', '<=', max);
      if (query.inStock) variant = variant.where('variants.inventory_quantity', '>', 0);
      return eb.exists(variant);
    });
  const { column, descending } = ORDERS[sort];
  const direction = descending ? 'desc' : 'asc';
  if (after) {
    const beyond = descending ? '<' : '>';
    // A row-value comparison, which both databases turn into an index range (a seek to the cursor); the same test
    // spelt with OR is only a filter on PostgreSQL, which then walks every earlier product.
    rows = rows.where(
      (eb) => eb.refTuple(`products.${column}`, 'products.id'),
      beyond,
      (eb) => eb.tuple(after.key, after.id),
    );
  }
  const found = await rows
    .orderBy(`products.${column}`, direction)
    .orderBy('products.id', direction)
    .limit(limit + 1)
    .execute();
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return {
    products: await withVariants(db, page),
    nextCursor: found.length > limit && last ? writeCursor(sort, last[column], last.id) : null,
  };
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

async function withVariants(db: Db, rows: Selectable<ProductsTable>[]): Promise<PlatformProduct[]> {
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
    optionNames: optionNames(row.option_names),
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

function optionNames(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((name) => typeof name === 'string') : [];
}

const writeCursor = (sort: ProductSort, key: number, id: number) =>
  Buffer.from(JSON.stringify([sort, key, id])).toString('base64url');

/** The place a cursor stands for; a cursor this adapter did not write, or wrote for another sort, is refused. */
function readCursor(cursor: string, sort: ProductSort): { key: number; id: number } {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    value = null;
  }
  if (Array.isArray(value) && value.length === 3) {
    const [written, key, id] = value as unknown[];
    if (written === sort && typeof key === 'number' && Number.isSafeInteger(key) && typeof id === 'number' && isId(id))
      return { key, id };
  }
  throw new RangeError('Unreadable product cursor');
}
