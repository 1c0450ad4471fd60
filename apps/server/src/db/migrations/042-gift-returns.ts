import type { Kysely } from 'kysely';

/**
 * Gift returns (issue 35, ADR 044): a session a gift recipient opened (order number and postcode or gift code), and on
 * a request the recipient's email, where its store credit and emails go ('' when the request is not a gift return).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('gift', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('return_requests')
    .addColumn('gift_email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .execute();
}
