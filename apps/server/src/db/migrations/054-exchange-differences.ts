import type { Kysely } from 'kysely';

/**
 * The payment each dearer exchange's difference was paid with on the local store (issue 36, ADR 047), so that a paid
 * draft cancelled later (a rejected request, a replaced choice) gives the shopper's money back at the provider.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exchange_differences')
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('draft_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('payment_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('refunded', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('refunded_at', 'bigint')
    .addPrimaryKeyConstraint('exchange_differences_pk', ['shop_id', 'draft_id'])
    .execute();
  await db.schema
    .createIndex('exchange_differences_order')
    .on('exchange_differences')
    .columns(['shop_id', 'order_id'])
    .execute();
}
