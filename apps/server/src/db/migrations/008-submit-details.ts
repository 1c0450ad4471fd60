import type { Kysely } from 'kysely';

/** What the submit said besides the items (spec §7): where the shopper came from, the kind of request, the total
 * they were shown and the platform's order id; and each item's reason group. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('return_requests')
    .addColumn('entry_source', 'integer', (c) => c.notNull().defaultTo(2))
    .execute();
  await db.schema
    .alterTable('return_requests')
    .addColumn('request_type', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('return_requests').addColumn('shown_total', 'bigint').execute();
  await db.schema
    .alterTable('return_requests')
    .addColumn('platform_order_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('return_items')
    .addColumn('reason_group_id', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
