import type { Kysely } from 'kysely';

/** An order keeps where it was shipped, the default address of a carrier pickup (#14). Older orders have none. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('shipping_address', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
