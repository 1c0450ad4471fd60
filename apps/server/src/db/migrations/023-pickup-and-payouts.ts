import type { Kysely } from 'kysely';

/**
 * Carrier pickup and bank-transfer refunds (#14). A request keeps the pickup the shopper chose and the carrier's
 * booking of it, and for a bank transfer the payee account and the payout. The payee accounts a shopper created are
 * kept by order, so that a submit can only name one of its own. Carrier webhook events are applied once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['pickup', 'pickup_booking'])
    await db.schema
      .alterTable('return_requests')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  for (const column of ['payout_account_id', 'payout_transfer_id', 'payout_state'])
    await db.schema
      .alterTable('return_requests')
      .addColumn(column, 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .execute();
  await db.schema
    .createTable('payout_recipients')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('account_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('holder', 'varchar(200)', (c) => c.notNull())
    .addColumn('iban_last4', 'varchar(4)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('payout_recipients_pk', ['shop_id', 'order_id', 'account_id'])
    .execute();
  await db.schema
    .createTable('carrier_events')
    .addColumn('event_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
}
