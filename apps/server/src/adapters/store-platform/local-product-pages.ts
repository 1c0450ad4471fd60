import { isId } from '@return-center/contract';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { withVariants } from './local-catalogue.js';
import type { ProductPage, ProductQuery, ProductSort } from './port.js';

/**
 * Pages of the local platform's products. Pages run in the sort's order (`featured_rank`, `created_at` or
 * `min_price`), then id in the same direction; the cursor is the last product's place in that order, as base64url JSON
 * `[sort, value, id]` (opaque to callers). A search is one phrase, trimmed, matched case-insensitively as a part of the
 * title, of a variant's SKU or of one tag (case-insensitive for ASCII letters on SQLite, whose lower() knows no
 * others).
 */

/** The most products a page holds, whatever the caller asks. */
export const MAX_PAGE = 250;

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
