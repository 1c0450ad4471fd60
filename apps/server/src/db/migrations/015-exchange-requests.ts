import type { Kysely } from 'kysely';

/**
 * An exchange request (solution 5, #13) keeps the platform's draft order that holds its new items, those items as
 * they were at submit (JSON list of variant_id, product_id, title, variant_title, price, quantity), so the status page
 * and the merchant see what the shopper chose even after the catalogue changes, and the credit the return gave
 * towards them (minor units).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('return_requests')
    .addColumn('exchange_draft_order_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('return_requests')
    .addColumn('exchange_items', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('return_requests')
    .addColumn('exchange_credit', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
