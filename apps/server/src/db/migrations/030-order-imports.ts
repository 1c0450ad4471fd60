import type { Kysely } from 'kysely';

/**
 * Imports running now, one row per shop (issue #30): a second import call of the same shop, on this instance or
 * another, is refused while the first holds its row. `renewed_at` moves while the import works, so a row left by a
 * process that died is taken over once it has not moved for a minute.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_imports')
    .addColumn('shop_id', 'integer', (c) => c.primaryKey().references('shops.id'))
    .addColumn('token', 'varchar(64)', (c) => c.notNull())
    .addColumn('renewed_at', 'bigint', (c) => c.notNull())
    .execute();
}
