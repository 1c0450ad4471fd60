import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The shops' own email templates (issue 34 point 3, ADR 042): one subject and body per shop, notification and
 * language, with who saved it and when. No row: the default is sent.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const key = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('email_templates')
    .addColumn('id', id, key)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('notification', 'varchar(40)', (c) => c.notNull())
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('saved_by', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('email_templates_shop_notification_language', ['shop_id', 'notification', 'language'])
    .execute();
}
