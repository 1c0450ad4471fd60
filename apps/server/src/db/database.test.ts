import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createDb } from './database.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// The operator CLI writes to the file the running server writes to (e.g. `shops add-owner`, which reads, then writes).
it('a SQLite transaction that reads and then writes is not broken by another process writing in between', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rc-db-'));
  dirs.push(dir);
  const file = join(dir, 'shared.sqlite');
  const { db } = createDb(`sqlite:${file}`);
  await sql`create table counter (n integer)`.execute(db);
  const otherProcess = new SQLite(file);
  otherProcess.pragma('busy_timeout = 0');
  let otherWrote = true;

  await db.transaction().execute(async (trx) => {
    await sql`select count(*) from counter`.execute(trx);
    try {
      otherProcess.prepare('insert into counter values (2)').run();
    } catch {
      otherWrote = false; // it waits for the transaction (here, with no busy timeout, it gives up)
    }
    await sql`insert into counter values (1)`.execute(trx);
  });

  expect(otherWrote).toBe(false);
  const rows = await sql<{ n: number }>`select n from counter`.execute(db);
  expect(rows.rows).toEqual([{ n: 1 }]);
  otherProcess.close();
  await db.destroy();
});
