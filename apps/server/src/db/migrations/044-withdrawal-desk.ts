import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Withdrawals at the desk (issue 35, ADR 046): a request carries when the withdrawal it answers was declared (its refund
 * is due 14 days later), so the queue sorts by that deadline on the server; a declaration that made no request can be
 * linked by staff to one, beside the declaration, which stays as it was received.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('return_requests').addColumn('withdrawal_declared_at', 'bigint').execute();
  // The requests withdrawals made so far were made at the declaration's time (request_type 3).
  await sql`update return_requests set withdrawal_declared_at = created_at where request_type = 3`.execute(db);
  await db.schema
    .createIndex('return_requests_shop_withdrawal')
    .on('return_requests')
    .columns(['shop_id', 'withdrawal_declared_at', 'id'])
    .execute();
  await db.schema
    .createTable('withdrawal_links')
    .addColumn('withdrawal_id', 'integer', (c) => c.primaryKey().references('withdrawals.id'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('request_id', 'integer', (c) => c.notNull())
    .addColumn('linked_by', 'varchar(254)', (c) => c.notNull())
    .addColumn('linked_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('withdrawal_links_request').on('withdrawal_links').columns(['request_id']).execute();
}
