import type { Kysely } from 'kysely';

/**
 * What return rules look at (issue #32): an order's own tags and discount codes, and each line's product type, vendor
 * and collection titles, as the store fed them; the catalogue's products keep their type and vendor, so that a line
 * made from one (an exchange order) carries them. Lists are JSON; rows from before read as empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const text = (table: string, column: string, empty: string) =>
    db.schema
      .alterTable(table)
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(empty))
      .execute();
  await text('orders', 'tags', '[]');
  await text('orders', 'discount_codes', '[]');
  await text('order_lines', 'product_type', '');
  await text('order_lines', 'vendor', '');
  await text('order_lines', 'collections', '[]');
  await text('products', 'product_type', '');
  await text('products', 'vendor', '');
}
