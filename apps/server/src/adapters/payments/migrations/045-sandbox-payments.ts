import type { Kysely } from 'kysely';

/**
 * The sandbox payments provider (ADR 047), the default: its payments live in the database so that a hold authorised
 * before a restart is still held after it, and a retried start, capture or release finds what the first one did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_payments')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('captured_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('capture', 'varchar(10)', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('cancel_url', 'text', (c) => c.notNull())
    .addColumn('settle_key', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('declines', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
