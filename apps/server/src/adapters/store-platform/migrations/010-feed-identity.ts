import { sql, type Kysely } from 'kysely';

/**
 * The local platform's tables learn the merchant's own ids (issue #11), so an order fed twice updates instead of
 * doubling, and a line keeps its id (and its requests) across updates:
 * - `orders.platform_id` is unique per shop, and orders get `fulfilled_at`;
 * - `order_lines.platform_line_id` is the store's line id, unique per order (older lines take their own id);
 * - one customer per shop and email.
 * Platform migrations live beside the adapter that owns the tables; the migrator lists them with ours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('fulfilled_at', 'bigint').execute();
  await db.schema
    .createIndex('orders_shop_platform_id')
    .unique()
    .on('orders')
    .columns(['shop_id', 'platform_id'])
    .execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('platform_line_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update order_lines set platform_line_id = cast(id as varchar(64))`.execute(db);
  await db.schema
    .createIndex('order_lines_order_platform_id')
    .unique()
    .on('order_lines')
    .columns(['order_id', 'platform_line_id'])
    .execute();
  await db.schema.createIndex('customers_shop_email').unique().on('customers').columns(['shop_id', 'email']).execute();
}
