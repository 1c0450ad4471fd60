import { sql, type Kysely } from 'kysely';
import { searchTextOf } from '../search-text.js';

/**
 * Catalogue search reads one column per product (`products.search_text`: title, tags and SKUs, lowercased) instead
 * of lowercasing three for every product and every variant of a 10,000-product shop on each search (#13).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const products = await sql<{ id: number; title: string; tags: string }>`select id, title, tags from products`.execute(
    db,
  );
  const variants = await sql<{
    product_id: number;
    sku: string;
  }>`select product_id, sku from variants order by id`.execute(db);
  const skus = new Map<number, string[]>();
  for (const v of variants.rows) skus.set(v.product_id, [...(skus.get(v.product_id) ?? []), v.sku]);
  for (const p of products.rows)
    await sql`update products set search_text = ${searchTextOf(p.title, p.tags, skus.get(p.id) ?? [])} where id = ${p.id}`.execute(
      db,
    );
}
