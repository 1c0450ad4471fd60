import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../../test/helper.js';
import { prepared } from './prepared.js';

const ordersIn = prepared((db, shopId: number, ids: number[]) =>
  db.selectFrom('orders').select('id').where('shop_id', '=', shopId).where('id', 'in', ids).orderBy('id'),
);

const tagsOf = prepared((db, orderId: number) => db.selectFrom('orders').select('tags').where('id', '=', orderId));

describe.each(dialects)('queries compiled once (%s)', (dialect) => {
  let t: TestApp;
  let ids: number[];
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    ids = (await t.db.selectFrom('orders').select('id').where('shop_id', '=', 1).orderBy('id').execute()).map(
      (row) => row.id,
    );
  });
  afterAll(() => t.close());

  it('answers for each call its own arguments, lists of any length included', async () => {
    expect(ids.length).toBeGreaterThan(3);
    for (const count of [1, 3, 2, 1, ids.length, 2]) {
      const wanted = ids.slice(0, count);
      expect((await ordersIn(t.db, 1, wanted)).map((row) => row.id)).toEqual(wanted);
    }
    expect(await ordersIn(t.db, 2, ids)).toEqual([]);
  });

  it('stays right past the lengths it keeps compiled', async () => {
    // More lengths than are kept: the rest are compiled on each call, with their own arguments.
    for (let count = 1; count <= 40; count++) {
      const list = Array.from({ length: count }, (_, i) => ids[i % ids.length] as number);
      expect((await ordersIn(t.db, 1, list)).length).toBe(Math.min(count, ids.length));
    }
  });

  it('reads a row changed since the query was first run', async () => {
    const id = ids[0] as number;
    const before = (await tagsOf(t.db, id))[0]?.tags;
    await t.db.updateTable('orders').set({ tags: '["changed"]' }).where('id', '=', id).execute();
    expect(before).not.toBe('["changed"]');
    expect((await tagsOf(t.db, id))[0]?.tags).toBe('["changed"]');
  });
});
