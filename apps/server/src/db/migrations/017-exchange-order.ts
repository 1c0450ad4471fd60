import type { Kysely } from 'kysely';

/** The order an approved exchange became at the platform (#13), as the status page and emails show it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('return_requests')
    .addColumn('exchange_order_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('return_requests')
    .addColumn('exchange_order_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
}
