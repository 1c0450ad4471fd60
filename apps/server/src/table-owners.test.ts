import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../test/helper.js';
import type { Db, Dialect } from './db/database.js';
import { TABLE_OWNERS } from './table-owners.js';

/**
 * Column names that may hold personal data (issue #31: email, name, phone, address, IBAN, free text, a file): each
 * such column of the migrated schema must be declared by its table's owner, as personal (then the owner forgets it) or
 * as holding nothing of a person.
 */
const LOOKS_PERSONAL = [
  /email|address/,
  /(^|_)names?$|holder/,
  /phone/,
  /iban/,
  /note|description|text|message|comment|reason|body|subject|payload|content/,
  /_key$|_url$|proof|file/,
];
/** Ids, kinds and times, whatever their names say (`reason_id`, `content_type`). */
const NEVER_PERSONAL = /_(id|type|at)$/;
const looksPersonal = (column: string) =>
  !NEVER_PERSONAL.test(column) && LOOKS_PERSONAL.some((pattern) => pattern.test(column));

/** Every table of the connection's own database or schema, with its columns (not Kysely's migration tables). */
async function schemaOf(db: Db, dialect: Dialect): Promise<Map<string, string[]>> {
  const rows =
    dialect === 'postgres'
      ? await sql<{ table: string; column: string }>`select table_name as "table", column_name as "column"
          from information_schema.columns where table_schema = current_schema()`.execute(db)
      : await sql<{ table: string; column: string }>`select m.name as "table", c.name as "column"
          from sqlite_master m, pragma_table_info(m.name) c where m.type = 'table'`.execute(db);
  const tables = new Map<string, string[]>();
  for (const { table, column } of rows.rows)
    if (!table.startsWith('kysely_') && !table.startsWith('sqlite_'))
      tables.set(table, [...(tables.get(table) ?? []), column]);
  return tables;
}

const declared = TABLE_OWNERS.flatMap((owner) =>
  Object.entries(owner.tables).map(([table, data]) => ({
    owner,
    table,
    personal: Object.keys(data.personal ?? {}),
    notPersonal: Object.keys(data.notPersonal ?? {}),
  })),
);

describe.each(dialects)('the owners of the tables on %s', (dialect) => {
  let t: TestApp;
  let schema: Map<string, string[]>;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
    schema = await schemaOf(t.db, dialect);
  });
  afterEach(() => t.close());

  it('name one owner for every table, and only tables that exist', () => {
    expect(schema.size).toBeGreaterThan(30);
    const owners = (table: string) => declared.filter((d) => d.table === table).map((d) => d.owner.owner);
    const notOne = [...schema.keys()].filter((table) => owners(table).length !== 1);
    expect(notOne.map((table) => `${table}: ${owners(table).join(', ') || 'no owner'}`)).toEqual([]);
    expect(declared.filter((d) => !schema.has(d.table)).map((d) => d.table)).toEqual([]);
  });

  it('declare every column that may hold personal data, and only columns that exist', () => {
    const undeclared = [...schema].flatMap(([table, columns]) => {
      const entry = declared.find((d) => d.table === table);
      const known = new Set([...(entry?.personal ?? []), ...(entry?.notPersonal ?? [])]);
      return columns
        .filter((column) => looksPersonal(column) && !known.has(column))
        .map((column) => `${table}.${column}`);
    });
    expect(undeclared).toEqual([]);
    const missing = declared.flatMap((d) =>
      [...d.personal, ...d.notPersonal]
        .filter((column) => !schema.get(d.table)?.includes(column))
        .map((column) => `${d.table}.${column}`),
    );
    expect(missing).toEqual([]);
  });

  it('forget a customer and a shop wherever a table holds personal data', () => {
    const withoutForgetter = declared
      .filter((d) => d.personal.length > 0 && !(d.owner.forgetCustomer && d.owner.forgetShop))
      .map((d) => `${d.table} (${d.owner.owner})`);
    expect(withoutForgetter).toEqual([]);
  });
});
