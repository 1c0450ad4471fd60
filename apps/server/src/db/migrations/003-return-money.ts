import type { Kysely } from 'kysely';

/** The refund breakdown (fees, shipping, tax) as computed at submit, kept for the status page. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('return_requests')
    .addColumn('money', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}
