import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from './database.js';

/** A throwaway table outside the app's schema, read as the app reads: through Kysely and the kept statements. */
const rowsOf = async (db: Db) => (await sql<Record<string, unknown>>`select * from notes order by id`.execute(db)).rows;

describe('SQLite statements kept between queries', () => {
  let db: Db;
  afterEach(() => db.destroy());

  it('reads rows with their columns by name, a later column of the same name winning', async () => {
    ({ db } = createDb('sqlite::memory:'));
    await sql`create table notes (id integer primary key, body text, stars integer)`.execute(db);
    await sql`insert into notes (body, stars) values ('first', 3), ('second', null)`.execute(db);
    expect(await rowsOf(db)).toEqual([
      { id: 1, body: 'first', stars: 3 },
      { id: 2, body: 'second', stars: null },
    ]);
    const joined = await sql`select a.body, b.body from notes a join notes b on b.id = a.id + 1`.execute(db);
    expect(joined.rows).toEqual([{ body: 'second' }]);
  });

  it('reads the columns a table has now, after it was changed', async () => {
    ({ db } = createDb('sqlite::memory:'));
    await sql`create table notes (id integer primary key, body text)`.execute(db);
    await sql`insert into notes (body) values ('first')`.execute(db);
    expect(await rowsOf(db)).toEqual([{ id: 1, body: 'first' }]);
    await sql`alter table notes rename column body to text`.execute(db);
    expect(await rowsOf(db)).toEqual([{ id: 1, text: 'first' }]);
    await sql`alter table notes add column stars integer not null default 5`.execute(db);
    expect(await rowsOf(db)).toEqual([{ id: 1, text: 'first', stars: 5 }]);
  });
});
