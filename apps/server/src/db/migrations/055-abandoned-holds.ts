import type { Kysely } from 'kysely';

/**
 * The sweep of abandoned instant-exchange holds (ADR 047) finds, every minute, the holds still `started` that began
 * before its bound: by state and time, as the periodic capture finds requests' holds (migration 046).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('instant_holds_started').on('instant_holds').columns(['state', 'created_at']).execute();
}
