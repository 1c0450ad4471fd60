import type { Kysely } from 'kysely';

/** The sweep of abandoned uploads looks them up by status and age. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('uploads_status_created').on('uploads').columns(['status', 'created_at']).execute();
}
