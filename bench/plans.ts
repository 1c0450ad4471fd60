/**
 * The SQL an endpoint runs, and the database's plan for each statement (EXPLAIN QUERY PLAN on SQLite, EXPLAIN on
 * PostgreSQL): a second app on the same database, whose Kysely logs every query, answers the requests once.
 */
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { configFor } from '../apps/server/src/config.js';
import type { Database as Tables } from '../apps/server/src/db/schema.js';
import { UNLIMITED, type App, type BenchDatabase } from './app.js';
import type { QueryPlan } from './results.js';

interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

function loggingDb(database: BenchDatabase, log: (event: LogEvent) => void): Kysely<Tables> {
  const dialect =
    database.kind === 'sqlite'
      ? new SqliteDialect({ database: new SQLite(database.url.replace(/^sqlite:/, '')) })
      : new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 2 }) });
  return new Kysely<Tables>({ dialect, log });
}

/** SQLite's plan rows as the indented tree its shell prints. */
function sqliteTree(rows: { id: number; parent: number; detail: string }[]): string {
  const depth = new Map<number, number>([[0, -1]]);
  return rows
    .map((row) => {
      const level = (depth.get(row.parent) ?? -1) + 1;
      depth.set(row.id, level);
      return `${'  '.repeat(level)}${row.detail}`;
    })
    .join('\n');
}

async function explain(db: Kysely<Tables>, kind: BenchDatabase['kind'], query: Captured): Promise<string> {
  if (kind === 'sqlite') {
    const result = await db.executeQuery<{ id: number; parent: number; detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return sqliteTree(result.rows) || '(no table access)';
  }
  const result = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
  );
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** Statements with a plan worth showing: reads and writes, not transaction control. */
const planned = (sql: string) => /^\s*(select|insert|update|delete|with)\b/i.test(sql);

/**
 * Runs each request once through a logging app on `database` and answers, per name, the distinct statements it ran
 * with their plans.
 */
export async function queryPlans<Name extends string>(
  database: BenchDatabase,
  requests: Record<Name, (app: App) => Promise<unknown>>,
): Promise<Record<Name, QueryPlan[]>> {
  let capturing: Captured[] | null = null;
  const db = loggingDb(database, (event) => {
    if (event.level === 'query') capturing?.push({ sql: event.query.sql, parameters: event.query.parameters });
  });
  const app = await buildApp(
    configFor({
      LOG_LEVEL: 'silent',
      PORTAL_DIST: '/nonexistent',
      WORKER_INTERVAL_MS: '0',
      DATABASE_URL: database.url,
    }),
    { database: { db, dialect: database.kind }, limits: UNLIMITED },
  );
  // The sweeps the app starts with (uploads, exchange drafts) must not be taken for a request's statements.
  await new Promise((resolve) => setTimeout(resolve, 500));
  try {
    const plans = {} as Record<Name, QueryPlan[]>;
    for (const name of Object.keys(requests) as Name[]) {
      // Once to warm the caches (shop, configuration), once to capture what a request runs.
      await requests[name](app);
      const queries: Captured[] = [];
      capturing = queries;
      await requests[name](app);
      capturing = null;
      const distinct = [...new Map(queries.filter((q) => planned(q.sql)).map((q) => [q.sql, q])).values()];
      plans[name] = [];
      for (const query of distinct) plans[name].push({ sql: query.sql, plan: await explain(db, database.kind, query) });
    }
    return plans;
  } finally {
    await app.close();
    await db.destroy();
  }
}
