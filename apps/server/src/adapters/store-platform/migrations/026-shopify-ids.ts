import type { Kysely } from 'kysely';
import type { Dialect } from '../../../db/database.js';

/**
 * Shopify's ids (13–14 digits) pass 2^31, which our wire contract and 32-bit columns cannot hold: the Shopify adapter
 * answers a small number of its own for each, kept here per shop and kind. A number, once given, never changes.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  await db.schema
    .createTable('shopify_ids')
    .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('shopify_id', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('shopify_ids_unique', ['shop_id', 'kind', 'shopify_id'])
    .execute();
}
