import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Statements kept per database; queries with `in (…)` lists of many lengths would otherwise grow it without end. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely opens a transaction with a deferred `begin`, which takes the write lock only at the first write. If another
 * process (the CLI, an importer, a second server) wrote after the transaction's first read, that write then fails at
 * once with SQLITE_BUSY_SNAPSHOT, busy timeout or not. Taking the lock at `begin` makes the other process wait instead.
 */
const BEGIN_WRITING = 'begin immediate';

const CHANGES_SCHEMA = /^\s*(create|alter|drop)\s/i;

/**
 * The SQLite database as Kysely reads it, with two savings on every query:
 * - Kysely prepares every query afresh, and preparing costs more than running most of ours: the same SQL text gets
 *   the statement prepared the first time (least recently used go). A statement that changes the schema is not kept
 *   and empties the cache, so that no kept statement outlives the columns it was prepared with. Another process
 *   changes the schema only by adding (expand, then contract: docs/operations.md); a column it adds comes last, and
 *   is left out of this process's rows until it restarts, as its code does not know it.
 * - Rows are read as arrays and made into objects here, with the statement's column names read once: better-sqlite3
 *   makes each row's object property by property, a third of a read's time (16 → 11 µs for one order row of 21
 *   columns, 60 → 38 µs for five order lines, on the bench machine of 2026-11-27).
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const sql = text === 'begin' ? BEGIN_WRITING : text;
      let statement = cache.get(sql);
      if (statement) cache.delete(sql);
      else if (CHANGES_SCHEMA.test(sql)) {
        // Not kept either, so that running it again empties the cache again.
        cache.clear();
        return sqlite.prepare(sql);
      } else {
        statement = withObjectRows(sqlite.prepare(sql));
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

function withObjectRows(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((column) => column.name);
  const rows = statement.raw(true);
  // A later column of the same name wins, as in better-sqlite3's own objects.
  const toObject = (values: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < names.length; index++) row[names[index] as string] = values[index];
    return row;
  };
  return {
    reader: true,
    all: (parameters) => (rows.all(parameters) as unknown[][]).map(toObject),
    run: (parameters) => rows.run(parameters),
    *iterate(parameters) {
      for (const values of rows.iterate(parameters) as IterableIterator<unknown[]>) yield toObject(values);
    },
  };
}
