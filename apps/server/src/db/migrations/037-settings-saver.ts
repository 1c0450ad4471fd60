import type { Kysely } from 'kysely';

/**
 * Who saved a shop's settings last, and when (issue 33): a refused save tells the merchant who won ("console:" and
 * a staff email, "merchant-api" or "cli"; '' for saves made before this).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('shops')
    .addColumn('settings_saved_by', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('shops')
    .addColumn('settings_saved_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
