import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The desk's inspection of a request's returned units at receipt (issue 33): per item, groups of units with their
 * condition, whether they go back on sale, and accepted or rejected with a reason. A request received without any
 * keeps every unit accepted, as before.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('item_inspections')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('request_id', 'integer', (c) => c.notNull().references('return_requests.id'))
    .addColumn('order_line_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('restock', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('item_inspections_request').on('item_inspections').column('request_id').execute();
}
