import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The EU withdrawal function (issue 35 point 1, ADR 046): each declaration exactly as the consumer submitted it, with
 * when it was received (never changed afterwards), and the request it became when its order was found. The dev
 * mailbox keeps each mail's attachments (the acknowledgement's PDF) beside it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const key = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', id, key)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('scope', 'varchar(10)', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('items_text', 'text', (c) => c.notNull())
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('request_id', 'integer')
    .addColumn('within_period', 'integer')
    .addColumn('declared_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('withdrawals_shop').on('withdrawals').columns(['shop_id', 'id']).execute();
  await db.schema
    .alterTable('mails')
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
