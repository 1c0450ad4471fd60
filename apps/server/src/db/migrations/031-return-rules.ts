import type { Kysely } from 'kysely';

/**
 * Return rules (issue 32, ADR 035): one rule set per shop, saved whole with a version a save must name. A shop without
 * a row has the rules its settings amount to. Each request keeps the version and the rules that decided it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('return_rules')
    .addColumn('shop_id', 'integer', (c) => c.primaryKey().references('shops.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('return_requests')
    .addColumn('rule_set_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('return_requests')
    .addColumn('decided_by', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
