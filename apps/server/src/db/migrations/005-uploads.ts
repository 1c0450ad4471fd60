import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** Proof uploads: who asked for each key, and what became of the file. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('raw_key', 'varchar(300)', (c) => c.notNull().unique())
    .addColumn('final_key', 'varchar(300)', (c) => c.notNull().unique())
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
