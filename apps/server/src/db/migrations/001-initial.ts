import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** Column helpers that read the same on both dialects. */
function ids(dialect: Dialect) {
  return dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = ids(dialect);
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', idType, (col) => (dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement()));

  await table('shops')
    .addColumn('shop_url', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('currency_format', 'varchar(64)', (c) => c.notNull())
    .addColumn('contact_email', 'varchar(255)', (c) => c.notNull())
    .addColumn('contact_phone', 'varchar(64)', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await table('customers')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('phone', 'varchar(32)', (c) => c.notNull())
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .execute();

  await table('products')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('handle', 'varchar(255)', (c) => c.notNull())
    .addColumn('image', 'varchar(1024)', (c) => c.notNull())
    .addColumn('tags', 'varchar(1024)', (c) => c.notNull())
    .addColumn('featured_rank', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await table('variants')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('sku', 'varchar(100)', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('inventory_quantity', 'integer', (c) => c.notNull())
    .addColumn('option1', 'varchar(255)')
    .addColumn('option2', 'varchar(255)')
    .addColumn('option3', 'varchar(255)')
    .execute();

  await table('orders')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('platform_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('order_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_number', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('phone', 'varchar(32)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('subtotal', 'bigint', (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull())
    .addColumn('tax', 'bigint', (c) => c.notNull())
    .addColumn('shipping', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('delivered_at', 'bigint')
    .addColumn('refunded_at', 'bigint')
    .addUniqueConstraint('orders_shop_number_unique', ['shop_id', 'order_number'])
    .execute();
  await db.schema.createIndex('orders_shop_email').on('orders').columns(['shop_id', 'email']).execute();

  await table('order_lines')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('variant_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('variant_title', 'varchar(255)', (c) => c.notNull())
    .addColumn('sku', 'varchar(100)', (c) => c.notNull())
    .addColumn('image', 'varchar(1024)', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull())
    .addColumn('tax', 'bigint', (c) => c.notNull())
    .addColumn('tags', 'varchar(1024)', (c) => c.notNull())
    .addColumn('refunded_quantity', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute();

  // Our tables never reference the store platform's (ADR 012). Databases made before that got these two references
  // here and lost them in 009; a new database never has them, and 009 finds nothing to drop.
  await table('return_requests')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('solution_id', 'integer', (c) => c.notNull())
    .addColumn('shipping_method_id', 'integer', (c) => c.notNull())
    .addColumn('refund', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('language', 'varchar(35)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('return_requests_idempotency', ['shop_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('return_requests_order').on('return_requests').column('order_id').execute();

  await table('return_items')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('return_requests.id'))
    .addColumn('order_line_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('reason_id', 'integer', (c) => c.notNull())
    .addColumn('reason_text', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('proof', 'text', (c) => c.notNull())
    .execute();

  await table('verification_codes')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verification_codes_lookup')
    .on('verification_codes')
    .columns(['shop_id', 'email'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('bucket', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();

  await table('mails')
    .addColumn('shop_id', 'integer')
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .execute();
}
