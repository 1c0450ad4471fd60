import type { Kysely } from 'kysely';

/**
 * The order webhook of a merchant-fed store (issue #11): each shop's signing secret, and the delivery ids already
 * applied, so a repeated delivery changes nothing. A secret must be readable to check a signature, so it is kept as
 * is, like a payment provider keeps its webhook secrets; it is not a login and opens nothing but the order feed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_webhook_secrets')
    .addColumn('shop_id', 'integer', (c) => c.primaryKey().references('shops.id'))
    .addColumn('secret', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('order_webhook_deliveries')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('delivery_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_webhook_deliveries_pk', ['shop_id', 'delivery_id'])
    .execute();
}
