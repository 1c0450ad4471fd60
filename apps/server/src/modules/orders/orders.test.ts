import { calls, Code, orderSource } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, latestCode, shop, type TestApp } from '../../../test/helper.js';

describe.each(dialects)('orders on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const token = (name: string) => present(tokens[name], `token of ${name}`);
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    for (const [order, email] of [
      ['#1001', 'alice@example.com'],
      ['#1003', 'bob@example.com'],
      ['#1005', 'dave@example.com'],
      ['#1004', 'carol@example.com'],
    ] as const) {
      tokens[order] = (await t.call(calls.login, { shop_url: shop, email, order_number: order })).body.data.token;
    }
    await t.call(calls.loginCode, { email: 'alice@example.com', shop_url: shop });
    const code = await latestCode(t, 'alice@example.com');
    tokens.aliceEmail = (
      await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', code })
    ).body.data.token;
  });
  afterAll(() => t.close());

  const orderId = async (session: string, name: string) =>
    present(
      (await t.call(calls.index, {}, session)).body.data.list.find((o) => o.order_name === name),
      `order ${name}`,
    ).id;

  it('lists only the proven order after an order-number login', async () => {
    const { body } = await t.call(calls.index, {}, token('#1001'));
    expect(body.data.list).toEqual([
      expect.objectContaining({
        order_name: '#1001',
        item_count: 4,
        returnable_count: 3,
        request_id: null,
        total_price_set: { currency: 'USD', currency_format: '${{amount}}', money: 24994 },
      }),
    ]);
  });

  it('lists every order of the email after a code login, and searches them', async () => {
    const all = await t.call(calls.index, {}, token('aliceEmail'));
    expect(all.body.data.list.map((o: { order_name: string }) => o.order_name).sort()).toEqual(['#1001', '#1002']);
    const found = await t.call(calls.index, { search: '#1002' }, token('aliceEmail'));
    expect(found.body.data.list.map((o: { order_name: string }) => o.order_name)).toEqual(['#1002']);
    const old = present(found.body.data.list[0], 'found order');
    expect(old.returnable_count).toBe(0);
  });

  it('splits #1001 into returnable lines and the final-sale beanie', async () => {
    const { body } = await t.call(
      calls.orderInfo,
      { order_id: await orderId(token('#1001'), '#1001') },
      token('#1001'),
    );
    const source = orderSource.parse(body.data);
    expect(source.yes.map((l) => [l.title, l.variant_title, l.price, l.refundable_quantity])).toEqual([
      ['Linen Shirt', 'M', 4900, 1],
      ['Canvas Sneakers', '42', 8900, 2],
    ]);
    expect(source.no).toEqual([expect.objectContaining({ title: 'Wool Beanie', reason: 'other' })]);
    expect(source.returnSolution.map((s) => s.id)).toEqual([1, 2, 4, 5, 6]);
  });

  it('gives each non-returnable reason from the order data', async () => {
    const reasonsOf = async (session: string, name: string) =>
      (await t.call(calls.orderInfo, { order_id: await orderId(session, name) }, session)).body.data.no.map(
        (l) => l.reason,
      );
    expect(await reasonsOf(token('aliceEmail'), '#1002')).toEqual(['missed_window', 'missed_window']);
    expect(await reasonsOf(token('#1003'), '#1003')).toEqual(['refunded_at_platform']);
    expect(await reasonsOf(token('#1005'), '#1005')).toEqual(['processed_by_app']);
  });

  it("hides another shopper's order behind the same not-found answer", async () => {
    const bobOrder = await orderId(token('#1003'), '#1003');
    const { body } = await t.call(calls.orderInfo, { order_id: bobOrder }, token('#1001'));
    expect(body.code).toBe(Code.NotFound);
    const missing = await t.call(calls.orderInfo, { order_id: 999999 }, token('#1001'));
    expect(missing.body).toEqual(body);
    expect((await t.call(calls.orderReturnList, { order_id: bobOrder }, token('#1001'))).body.code).toBe(Code.NotFound);
  });

  it("lists the order's return requests", async () => {
    const { body } = await t.call(calls.orderReturnList, {}, token('#1005'));
    expect(body.data.list).toEqual([expect.objectContaining({ order_no: '#1005', status: 1 })]);
    const index = await t.call(calls.index, {}, token('#1005'));
    expect(index.body.data.list[0]).toMatchObject({ request_status: 1, returnable_count: 0 });
  });

  it('formats the EUR order with its own currency', async () => {
    const { body } = await t.call(calls.index, {}, token('#1004'));
    expect(body.data.list[0]?.total_price_set).toMatchObject({ currency: 'EUR', currency_format: '€{{amount}}' });
  });
});
