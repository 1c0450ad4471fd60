import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Retention (issue 38 point 6, ADR 050): when a request's personal data was deleted (so a run never takes it twice),
 * and each shop's daily runs with what they deleted. Only adds: older instances keep working beside it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const key = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  await db.schema.alterTable('return_requests').addColumn('forgotten_at', 'bigint').execute();
  await db.schema
    .createTable('retention_runs')
    .addColumn('id', id, key)
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('closed_before', 'bigint', (c) => c.notNull())
    .addColumn('ran_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('report', 'text', (c) => c.notNull())
    .addUniqueConstraint('retention_runs_shop_day', ['shop_id', 'day'])
    .execute();
}
