import type { Kysely } from 'kysely';

/**
 * A draft order names the group it belongs to (an exchange's return form, #13), so that a new draft of the group can
 * cancel the earlier unpaid ones. Drafts made before have no group and are left to the expiry of open drafts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('platform_draft_orders')
    .addColumn('group_key', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('platform_draft_orders_group')
    .on('platform_draft_orders')
    .columns(['shop_id', 'group_key', 'status'])
    .execute();
}
