import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { MIGRATIONS } from '../src/migrations.js';

/** Creates an empty PostgreSQL schema with a random name (`prefix…`); `drop` removes it with everything in it. */
export async function throwawaySchema(
  url: string,
  prefix: string,
): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create schema ${name}`);
  return { name, drop: () => run(`drop schema ${name} cascade`) };
}

/**
 * Migrated PostgreSQL schemas of this test file, emptied after use and handed to the next test app: migrating a fresh
 * schema takes over a second, emptying one a tenth of that. Every table is emptied and its ids start again at 1, so a
 * reused schema reads as a fresh one. No test changes the tables of an app's schema (migration tests ask for a fresh
 * one); one that could not be emptied is dropped.
 */
const ready: string[] = [];
let relations: { tables: string[]; sequences: string[] } | undefined;
let client: pg.Client | undefined;

/** A migrated (or still empty, on first use) schema, and how to give it back. */
export async function takeSchema(url: string): Promise<{ name: string; giveBack: () => Promise<void> }> {
  const reused = ready.pop();
  const name = reused ?? (await throwawaySchema(url, 't_')).name;
  return { name, giveBack: () => giveBack(url, name) };
}

async function connected(url: string): Promise<pg.Client> {
  if (!client) {
    client = new pg.Client({ connectionString: url });
    await client.connect();
  }
  return client;
}

async function giveBack(url: string, schema: string): Promise<void> {
  const db = await connected(url);
  try {
    // A test that unrecorded a migration (readiness tests do) leaves a schema that is no longer the migrated one.
    if ((await migrationsRun(db, schema)) !== Object.keys(MIGRATIONS).length) throw new Error(`${schema} changed`);
    relations ??= await relationsOf(db, schema);
    const { tables, sequences } = relations;
    // Deleting rows is far cheaper than TRUNCATE on tables this small (no new files per table); foreign keys are not
    // checked meanwhile, and every id sequence starts again.
    await db.query(
      [
        'begin',
        'set local session_replication_role = replica',
        ...tables.map((table) => `delete from ${schema}."${table}"`),
        ...sequences.map((sequence) => `select setval('${schema}."${sequence}"', 1, false)`),
        'commit',
      ].join(';\n'),
    );
    ready.push(schema);
  } catch {
    await db.query('rollback');
    await db.query(`drop schema ${schema} cascade`);
  }
}

/** The tables (but the migrations' own) and sequences migrations make: the same in every migrated schema. */
async function relationsOf(db: pg.Client, schema: string) {
  const result = await db.query<{ name: string; kind: string }>(
    `select c.relname as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'S') order by c.relname`,
    [schema],
  );
  const names = (kind: string) => result.rows.filter((row) => row.kind === kind).map((row) => row.name);
  return {
    tables: names('r').filter((name) => !name.startsWith('kysely_migration')),
    sequences: names('S'),
  };
}

async function migrationsRun(db: pg.Client, schema: string): Promise<number> {
  const result = await db.query<{ n: number }>(`select count(*)::int as n from ${schema}.kysely_migration`);
  return result.rows[0]?.n ?? 0;
}

/** Drops the schemas waiting for reuse and closes the connection (after each test file: a run leaves none behind). */
export async function closeSchemaPool(): Promise<void> {
  const db = client;
  client = undefined;
  if (!db) return;
  for (const schema of ready.splice(0)) await db.query(`drop schema ${schema} cascade`);
  await db.end();
}
