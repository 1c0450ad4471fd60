import type { Kysely } from 'kysely';

/** The sweep of abandoned uploads looks them up by status and age. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('uploads_status_created').on('uploads').columns(['status', 'created_at']).execute();
}
