import type { Kysely } from 'kysely';

/**
 * Each console member's language (issue 33): one of the console's locales, or null until they choose one, when the
 * console follows their browser's language.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff_accounts').addColumn('language', 'varchar(16)').execute();
}
