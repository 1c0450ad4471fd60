import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Shops installed from Shopify (#16): the offline token sealed at rest, kept until the app is uninstalled; webhook
 * deliveries seen (Shopify delivers at least once); and customers' data requests, which the merchant must answer.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  await db.schema
    .createTable('shopify_installs')
    .addColumn('shop_id', 'integer', (c) => c.primaryKey().references('shops.id'))
    .addColumn('domain', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('token', 'varchar(500)', (c) => c.notNull())
    .addColumn('scopes', 'varchar(1000)', (c) => c.notNull())
    .addColumn('installed_at', 'bigint', (c) => c.notNull())
    .addColumn('uninstalled_at', 'bigint')
    .execute();
  await db.schema
    .createTable('shopify_webhook_events')
    .addColumn('event_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('topic', 'varchar(64)', (c) => c.notNull())
    .addColumn('domain', 'varchar(255)', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('shopify_data_requests')
    .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
}
