import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** Request lifecycle: review outcome and refund fields, the audit trail, merchant API keys, the job outbox. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const text = (name: string) =>
    db.schema
      .alterTable('return_requests')
      .addColumn(name, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  for (const column of [
    'decline_reason',
    'tracking_number',
    'shipping_carrier',
    'label_url',
    'packing_slip_url',
    'discount_code',
    'gift_card_code',
    'tracking_proof',
  ]) {
    await text(column);
  }
  await db.schema
    .alterTable('return_requests')
    .addColumn('refund_state', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema
    .alterTable('return_requests')
    .addColumn('actual_refund', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()));

  await table('request_events')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('return_requests.id'))
    .addColumn('actor', 'varchar(100)', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('from_status', 'integer', (c) => c.notNull())
    .addColumn('to_status', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('request_events_request').on('request_events').column('request_id').execute();

  await table('merchant_keys')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('label', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await table('jobs')
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('done_at', 'bigint')
    .execute();
  await table('documents')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('return_requests.id'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('content_base64', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('documents_request_kind', ['request_id', 'kind'])
    .execute();

  await table('platform_refunds')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('idempotency_key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(200)', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
}
