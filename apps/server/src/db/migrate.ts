import { DEFAULT_MIGRATION_TABLE, Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from './database.js';
import { withOwnSchemaIntrospection } from './own-schema.js';

/** A migration of one of the parts that keep tables; told the dialect for what the two databases spell differently. */
export interface DialectMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/**
 * Brings the database up to date with `migrations` (every part's, composed by the root's migrations.ts), in the
 * order of their names.
 */
export async function migrate(
  db: Db,
  dialect: Dialect,
  migrations: Readonly<Record<string, DialectMigration>>,
): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations() {
      return Promise.resolve(
        Object.fromEntries(
          Object.entries(migrations).map(([name, m]): [string, Migration] => [name, { up: (k) => m.up(k, dialect) }]),
        ),
      );
    },
  };
  // Kysely looks for its bookkeeping tables in every schema unless told which one: name ours, and let it see only ours,
  // so that databases sharing a PostgreSQL server in other schemas (or tests running side by side) never meet.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const { error, results } = await new Migrator({
    db: dialect === 'postgres' ? withOwnSchemaIntrospection(db) : db,
    provider,
    migrationTableSchema,
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}

/** The migrations of `migrations` the database has not run yet (readiness: an instance older than its database). */
export async function pendingMigrations(
  db: Db,
  migrations: Readonly<Record<string, DialectMigration>>,
): Promise<string[]> {
  const applied = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  const names = new Set(applied.rows.map((row) => row.name));
  return Object.keys(migrations)
    .filter((name) => !names.has(name))
    .sort();
}
