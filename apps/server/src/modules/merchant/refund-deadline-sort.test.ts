import { calls, MERCHANT_BASE, merchantRoutes, type Envelope, type MerchantWithdrawal } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildTestApp, dialects, shop, START, submitReturn, type TestApp } from '../../../test/helper.js';
import { DEMO_ORDERS, insertDemoOrder } from '../../demo/demo-orders.js';

type RequestList = z.infer<typeof merchantRoutes.list.answer>;
const KEY = { authorization: 'Bearer demo-merchant-key' };
const HOUR = 3_600_000;
const NOW = START / 1000;

/** The queue sorted by refund deadline on the server (ADR 046), paged by cursor, on both databases. */
describe.each(dialects)('the queue by refund deadline on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const api = async <T>(method: 'GET' | 'POST', path: string, payload?: object) => {
    const reply = await t.app.inject({ method, url: MERCHANT_BASE + path, headers: KEY, ...(payload && { payload }) });
    return reply.json<Envelope<T>>().data;
  };
  const list = (query: string) => api<RequestList>('GET', `/requests?${query}`);
  /** Every page of the list, `limit` at a time, following its cursor. */
  const allPages = async (query: string, limit: number) => {
    const ids: number[][] = [];
    let cursor: number | null | undefined;
    do {
      const page = await list(`${query}&limit=${String(limit)}${cursor ? `&cursor=${String(cursor)}` : ''}`);
      ids.push(page.items.map((row) => row.id));
      cursor = page.next_cursor;
    } while (cursor);
    return ids;
  };
  /** A fresh copy of Alice's demo order #1001 (delivered three days ago) under a new number. */
  const order = async (number: string) => {
    const shopId = (await t.db.selectFrom('shops').select('id').where('shop_url', '=', shop).executeTakeFirstOrThrow())
      .id;
    await insertDemoOrder(
      t.db,
      shopId,
      present(
        DEMO_ORDERS.find((o) => o.number === '1001'),
        '#1001',
      ),
      number,
      NOW,
    );
    return `#${number}`;
  };
  const declare = async (orderNumber: string, email = 'alice@example.com') => {
    await t.call(calls.declareWithdrawal, {
      shop_url: shop,
      order_number: orderNumber,
      email,
      name: 'Alice Example',
      scope: 'order',
      lang: 'en',
    });
    const [latest] = (await api<{ items: MerchantWithdrawal[] }>('GET', '/withdrawals')).items;
    return present(latest, 'declaration');
  };
  const returnOf = async (orderNumber: string) => (await submitReturn(t, { order: orderNumber })).requestId;
  const withdrawalOf = async (orderNumber: string) => present((await declare(orderNumber)).request_id, 'request');

  it('puts withdrawals whose refund is due first, soonest deadline first, then the rest newest first, page after page', async () => {
    const seeded = (await list('limit=100')).items.map((row) => row.id); // the demo shop's own returns
    const n1 = await returnOf(await order('2001'));
    const laterLinked = await order('2007');
    t.clock.advance(HOUR / 2);
    // Declared for an order, under another email: no request, until staff link it to that order's return below.
    const unmatched = await declare(laterLinked, 'someone@example.net');
    t.clock.advance(HOUR / 2);
    const w1 = await withdrawalOf(await order('2002'));
    t.clock.advance(HOUR);
    const n2 = await returnOf(await order('2003'));
    t.clock.advance(HOUR);
    const w2 = await withdrawalOf(await order('2004'));
    const w2b = await withdrawalOf(await order('2005')); // the same second: the older one first
    t.clock.advance(HOUR);
    const refunded = await withdrawalOf(await order('2006'));
    await api('POST', `/requests/${String(refunded)}/reject`, { reason: 'Handled by phone' });
    t.clock.advance(HOUR);
    const n3 = await returnOf(laterLinked);
    const linked = await api<MerchantWithdrawal>('POST', `/withdrawals/${String(unmatched.id)}/link-request`, {
      request_id: n3,
    });
    expect(linked.request_id).toBe(n3);

    expect((await list('limit=100')).items.map((row) => row.id)).toEqual([
      n3,
      refunded,
      w2b,
      w2,
      n2,
      w1,
      n1,
      ...seeded,
    ]);
    const sorted = await list('limit=100&sort=refund_deadline');
    const expected = [n3, w1, w2, w2b, refunded, n2, n1, ...seeded];
    expect(sorted.items.map((row) => row.id)).toEqual(expected);
    // The linked return is due 14 days from its declaration, which came before the return itself.
    expect(sorted.items[0]?.withdrawal).toEqual({ declared_at: unmatched.declared_at, refund_by: unmatched.refund_by });
    expect(sorted.items.find((row) => row.id === refunded)?.withdrawal).not.toBeNull();

    // Pages of 2 and of 3 cross from the withdrawals to the rest at a page's start and in its middle.
    const chunks = (size: number) =>
      Array.from({ length: Math.ceil(expected.length / size) }, (_, i) => expected.slice(i * size, i * size + size));
    expect((await allPages('sort=refund_deadline', 2))[2]?.[0]).toBe(refunded);
    expect(await allPages('sort=refund_deadline', 2)).toEqual(chunks(2));
    expect((await allPages('sort=refund_deadline', 3))[1]).toEqual([w2b, refunded, n2]);
    expect(await allPages('sort=refund_deadline', 3)).toEqual(chunks(3));
    // The filters apply as ever (the rejected one is not pending), and the tabs count the same either way.
    const pending = await list('limit=100&sort=refund_deadline&status=1');
    expect(pending.items.map((row) => row.id).slice(0, 6)).toEqual([n3, w1, w2, w2b, n2, n1]);
    expect(pending.items.map((row) => row.id)).not.toContain(refunded);
    expect(pending.counts).toEqual((await list('status=1')).counts);
  });

  it('refuses a sort it does not know, naming the field', async () => {
    const reply = await t.app.inject({ method: 'GET', url: `${MERCHANT_BASE}/requests?sort=oldest`, headers: KEY });
    expect(reply.statusCode).toBe(400);
    expect(reply.json<Envelope<{ errors: { field: string }[] }>>().data.errors.map((e) => e.field)).toEqual(['sort']);
  });
});
