import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Outbound webhooks and the event feed (issue 34, ADR 041): the endpoints a shop subscribed, each event once (its
 * `event_key` makes publishing it again a no-op; its id is the feed's sequence), and one delivery per endpoint and
 * event with where its tries stand.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const key = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', id, key)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disabled_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('failing_since', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_shop').on('webhook_endpoints').column('shop_id').execute();
  await db.schema
    .createTable('webhook_events')
    .addColumn('id', id, key)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('event_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('public_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('request_id', 'integer')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('webhook_events_shop_key', ['shop_id', 'event_key'])
    .execute();
  await db.schema.createIndex('webhook_events_shop_id').on('webhook_events').columns(['shop_id', 'id']).execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', id, key)
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('webhook_events.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('latency_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('webhook_deliveries_endpoint_event', ['endpoint_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();
}
