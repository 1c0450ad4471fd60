import { sql, type DatabaseIntrospector, type TableMetadata } from 'kysely';
import type { Db } from './database.js';

/**
 * On PostgreSQL, Kysely's introspection reads the tables of every schema of the database, calling functions that look
 * each table up by name; a schema dropped meanwhile by someone else (another instance's tests, a tenant going away)
 * fails that read. This one reads only the tables of the connection's own schema (`current_schema()`).
 */
export function ownSchemaIntrospector(db: Db): DatabaseIntrospector {
  const tables = async (): Promise<TableMetadata[]> => {
    const rows = await sql<{ schema: string; name: string }>`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_schema = current_schema() order by table_name`.execute(db);
    return rows.rows.map(({ schema, name }) => ({ schema, name, isView: false, columns: [] }));
  };
  return {
    getSchemas: () => db.introspection.getSchemas(),
    getTables: tables,
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- part of the interface Kysely asks for
    getMetadata: async () => ({ tables: await tables() }),
  };
}

/** The same database, seen through ownSchemaIntrospector (for Kysely's migrator, which introspects). */
export function withOwnSchemaIntrospection(db: Db): Db {
  const introspection = ownSchemaIntrospector(db);
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely's methods read private fields: they must run on the real instance, not on the proxy.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
