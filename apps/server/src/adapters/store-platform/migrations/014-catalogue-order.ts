import { sql, type Kysely } from 'kysely';

/**
 * The local catalogue sorts by price and by age, a page at a time, on catalogues of 10,000 products and more (#13):
 * `products.min_price` keeps the lowest price of its variants (what "Price low-high" orders by, as a shop's own
 * storefront does), and each order has an index that a page's keyset condition walks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('min_price', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update products set min_price = coalesce((select min(price) from variants where variants.product_id = products.id), 0)`.execute(
    db,
  );
  await db.schema
    .createIndex('products_shop_created')
    .on('products')
    .columns(['shop_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('products_shop_price').on('products').columns(['shop_id', 'min_price', 'id']).execute();
}
