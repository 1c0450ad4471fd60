import type { Kysely } from 'kysely';

/** The refund breakdown (fees, shipping, tax) as computed at submit, kept for the status page. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('return_requests')
    .addColumn('money', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}
