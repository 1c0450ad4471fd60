import type { Kysely } from 'kysely';

/**
 * What a request's rules decided for the desk (issue 32): an automatic review, when to refund without a person, the
 * flags and tags for staff, and a warehouse's return address (JSON of domain `DeskOutcome`; `{}` before rules).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('return_requests')
    .addColumn('rule_outcome', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}
