import type { Kysely } from 'kysely';

/**
 * A shopper's requests at a shop, found without reading every request of the shop: rules on a shopper's history
 * (issue 32) read them on each call of the shopper flow, and the simulator for every shopper it tries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('return_requests_shop_email')
    .on('return_requests')
    .columns(['shop_id', 'customer_email'])
    .execute();
}
