import type { Kysely } from 'kysely';

/** A paid draft order that the merchant's approval turned into an order of the shop (#13) names that order. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform_draft_orders').addColumn('completed_order_id', 'integer').execute();
}
