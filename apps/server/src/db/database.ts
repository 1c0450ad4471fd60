import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { withStatementCache } from './sqlite-statements.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

// BIGINT and NUMERIC come back as strings by default; our values fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function dialectOf(url: string): Dialect {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

/** Opens the database named by DATABASE_URL: `postgres://…`, `sqlite::memory:`, `sqlite:<file>` or a file path. */
export function createDb(
  url: string,
  options: {
    searchPath?: string;
    /** SQLite: opens an in-memory copy of this database image (a file's bytes) instead of `url`'s file. */
    image?: Buffer;
  } = {},
): { db: Db; dialect: Dialect } {
  if (dialectOf(url) === 'postgres') {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    pool.on('connect', withNamedStatements);
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:' && !options.image) mkdirSync(dirname(resolve(file)), { recursive: true });
  const sqlite = new SQLite(options.image ?? file);
  sqlite.pragma('journal_mode = WAL');
  // In WAL mode NORMAL syncs at checkpoints, not at every commit (4.2 ms → 0.06 ms per write on the bench machine,
  // time the event loop is blocked). A crashed process loses nothing; a power cut may lose the last commits but never
  // corrupts the file. Deployments that cannot accept that run PostgreSQL.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
    dialect: 'sqlite',
  };
}

/** Named statements kept per PostgreSQL connection, for the same reason as the SQLite cache's bound. */
const NAMED_STATEMENTS_PER_CONNECTION = 500;

/**
 * PostgreSQL plans an unnamed statement on every run. A data query sent under a name derived from its SQL is parsed and
 * planned once per connection and then only bound and run; the first few hundred distinct texts get a name, the rest
 * (rare, such as long `in (…)` lists) run unnamed. Statements without parameters (transactions, DDL) stay unnamed.
 */
function withNamedStatements(client: pg.PoolClient): void {
  const original = client.query.bind(client) as (text: unknown, values?: unknown) => Promise<pg.QueryResult>;
  const named = new Set<string>();
  client.query = ((text: unknown, values?: unknown) => {
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0) return original(text, values);
    const name = `rc_${createHash('sha1').update(text).digest('base64url')}`;
    if (!named.has(name) && named.size >= NAMED_STATEMENTS_PER_CONNECTION) return original(text, values);
    named.add(name);
    return original({ name, text, values });
  }) as typeof client.query;
}
