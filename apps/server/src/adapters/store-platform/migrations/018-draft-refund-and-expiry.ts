import type { Kysely } from 'kysely';

/**
 * Draft orders (#13) record what a cancelled draft gave back of its payment, and the expiry of abandoned open drafts
 * finds them by status and age.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('platform_draft_orders')
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('platform_draft_orders_open_age')
    .on('platform_draft_orders')
    .columns(['status', 'created_at'])
    .execute();
}
