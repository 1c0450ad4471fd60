import { sql, type Kysely } from 'kysely';

/**
 * A counter row keeps when its window ends instead of when it began, so that one statement can count hits in buckets
 * of different window lengths (issue #12), and finished windows can be told apart without knowing their length.
 * Counts in flight are dropped: at worst an attacker gets one fresh window at the deploy.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from rate_limits`.execute(db);
  await db.schema.alterTable('rate_limits').renameColumn('window_start', 'expires_at').execute();
}
