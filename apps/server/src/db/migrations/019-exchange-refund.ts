import type { Kysely } from 'kysely';

/** What a rejected exchange gave back of the difference the shopper paid at the checkout (#13), for the status page. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('return_requests')
    .addColumn('exchange_refunded', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
