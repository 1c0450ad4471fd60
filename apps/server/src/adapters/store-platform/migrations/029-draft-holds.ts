import { sql, type Kysely } from 'kysely';

/**
 * Draft orders hold stock only as long as they may (issue #30): a draft knows whether it has taken its units (an
 * unpaid one with something due takes them only when paid), until when it keeps them while no request holds it, and
 * when a request came to hold it. Drafts made before held their units (open ones for the hour they were given); paid
 * ones count as held, as a request may hold them and this table cannot tell.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('platform_draft_orders')
    .addColumn('holds_units', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('platform_draft_orders')
    .addColumn('expires_at', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('platform_draft_orders').addColumn('held_at', 'integer').execute();
  await sql`update platform_draft_orders set expires_at = created_at + 3600`.execute(db);
  await sql`update platform_draft_orders set held_at = paid_at where status = 'paid'`.execute(db);
  await db.schema
    .createIndex('platform_draft_orders_hold')
    .on('platform_draft_orders')
    .columns(['shop_id', 'expires_at'])
    .execute();
}
