import type { Kysely } from 'kysely';

/**
 * Refunds of the sandbox payments provider (issue 36, ADR 047): each one kept under our idempotency key, so a retried
 * refund finds the first, and the payment's running total of what was given back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sandbox_payments')
    .addColumn('refunded_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('sandbox_refunds')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('payment_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_refunds_payment').on('sandbox_refunds').column('payment_id').execute();
}
