import type { Kysely } from 'kysely';

/**
 * The card holds started by the portal's hold step of an instant exchange (issue 36, ADR 047), before any request keeps
 * one: a submit that keeps none of them (an ordinary exchange of the same draft, another draft, another solution) lets
 * the order's holds go, found by shop and order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instant_holds')
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('draft_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('payment_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('hold_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('instant_holds_pk', ['shop_id', 'draft_id'])
    .execute();
  await db.schema.createIndex('instant_holds_order').on('instant_holds').columns(['shop_id', 'order_id']).execute();
}
