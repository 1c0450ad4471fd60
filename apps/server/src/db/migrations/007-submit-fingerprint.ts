import type { Kysely } from 'kysely';

/** What a submit asked for, so a reused idempotency key with another body can be told from a retry. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('return_requests')
    .addColumn('submit_fingerprint', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
}
