import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../../db/database.js';

/**
 * The local platform's catalogue and draft orders, for exchanges:
 * - `products.option_names`: JSON list of the names of the options its variants differ by (existing products with
 *   one option are named ["Size"], the demo catalogue's only option; more options are "Option 1", "Option 2"…);
 * - `collections` of a shop's products and `collection_products` linking them;
 * - `platform_draft_orders` with their `platform_draft_order_lines`: what an exchange asks the shopper to pay.
 * All of them are the platform's tables: they may refer to shops and to each other, and none of our own tables
 * refers to them.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('option_names', 'varchar(1024)', (c) => c.notNull().defaultTo('[]'))
    .execute();
  const named = (names: string, column: string) =>
    sql`update products set option_names = ${names} where exists
      (select 1 from variants where variants.product_id = products.id and ${sql.ref(`variants.${column}`)} is not null)`.execute(
      db,
    );
  await named('["Size"]', 'option1');
  await named('["Option 1","Option 2"]', 'option2');
  await named('["Option 1","Option 2","Option 3"]', 'option3');

  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()));

  await table('collections')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('handle', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('collections_shop_handle', ['shop_id', 'handle'])
    .execute();
  await db.schema
    .createTable('collection_products')
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addPrimaryKeyConstraint('collection_products_pk', ['collection_id', 'product_id'])
    .execute();
  await db.schema.createIndex('collection_products_product').on('collection_products').column('product_id').execute();
  await db.schema
    .createIndex('products_shop_rank')
    .on('products')
    .columns(['shop_id', 'featured_rank', 'id'])
    .execute();
  await db.schema.createIndex('variants_product').on('variants').column('product_id').execute();

  await table('platform_draft_orders')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('idempotency_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('subtotal', 'bigint', (c) => c.notNull())
    .addColumn('credit', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addUniqueConstraint('platform_draft_orders_idempotency', ['shop_id', 'idempotency_key'])
    .execute();
  await table('platform_draft_order_lines')
    .addColumn('draft_order_id', 'integer', (c) => c.notNull().references('platform_draft_orders.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('variant_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('variant_title', 'varchar(255)', (c) => c.notNull())
    .addColumn('sku', 'varchar(100)', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('platform_draft_order_lines_draft')
    .on('platform_draft_order_lines')
    .column('draft_order_id')
    .execute();
}
