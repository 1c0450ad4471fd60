import { calls, Code, merchantPath } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addShop, buildTestApp, dialects, shop as demoShop, type TestApp } from '../../../test/helper.js';
import { LocalStorePlatform } from '../../adapters/store-platform/local.js';
import { merchantCall, order, shopperView as viewOf } from './test-support.js';

describe.each(dialects)('orders fed by the merchant on %s', (dialect) => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof addShop>>;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
    other = await addShop(t, 'erins-outdoor.example');
  });
  afterEach(() => t.close());

  const api = <T = unknown>(method: 'PUT' | 'POST', path: string, payload: unknown, key = other.apiKey) =>
    merchantCall<T>(t, key, method, path, payload);
  const put = (id: string, body: unknown, key?: string) =>
    api<{ id: string; number: string; created: boolean }>('PUT', merchantPath('upsertOrder', id), body, key);

  /** What a shopper of `shopUrl` sees after signing in with the order number and email. */
  const shopperView = (number: string, email: string, shopUrl = other.shop.shopUrl) =>
    viewOf(t, shopUrl, number, email);

  it('serves a pushed order to its shoppers, and a second push of the same body changes nothing', async () => {
    const first = await put('5123', order());
    expect(first).toMatchObject({
      status: 200,
      body: { code: Code.Success, data: { id: '5123', number: '1001', created: true } },
    });
    const seen = present(await shopperView('#1001', 'erin@example.com'), 'login');
    expect(seen.yes['Rain Jacket']).toMatchObject({
      price: 8900,
      quantity: 1,
      refundable_quantity: 1,
      variant_title: 'M',
    });
    expect(seen.yes['Wool Socks']).toMatchObject({ quantity: 3, refundable_quantity: 3 });

    const again = await put('5123', order());
    expect(again.body.data).toEqual({ id: '5123', number: '1001', created: false });
    const after = present(await shopperView('#1001', 'erin@example.com'), 'login');
    expect(after.yes['Rain Jacket']?.id).toBe(seen.yes['Rain Jacket']?.id);
  });

  it('updates a known order: lines keep their ids, new ones appear, dropped ones go, refunds count', async () => {
    await put('5123', order());
    const before = present(await shopperView('1001', 'erin@example.com'), 'login');
    const updated = order({
      lines: [
        { id: 'li-1', title: 'Rain Jacket', variant_title: 'M', sku: 'RJ-M', price: 8900, quantity: 2, tax: 3560 },
        { id: 'li-3', title: 'Trail Cap', price: 2500, quantity: 1 },
      ],
      refunds: [
        { id: 'r-1', created_at: Math.floor(Date.UTC(2026, 10, 19) / 1000), lines: [{ line_id: 'li-1', quantity: 1 }] },
      ],
    });
    expect((await put('5123', updated)).body.data.created).toBe(false);
    const after = present(await shopperView('1001', 'erin@example.com'), 'login');
    expect(after.yes['Rain Jacket']).toMatchObject({
      id: before.yes['Rain Jacket']?.id,
      quantity: 2,
      refundable_quantity: 1,
    });
    expect(after.yes['Trail Cap']).toBeDefined();
    expect(after.yes['Wool Socks'] ?? after.no['Wool Socks']).toBeUndefined();
  });

  it('refuses bad input with the field at fault, and saves nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [order({ currency: 'euro' }), /^currency:/],
      [order({ lines: [] }), /^lines:/],
      [order({ email: 'not-an-email' }), /^email:/],
      [order({ lines: [{ id: 'a', title: 'X', price: -1, quantity: 1 }] }), /^lines\.0\.price:/],
      [order({ lines: [{ id: 'a', title: 'X', price: 100, quantity: 1, discount: 200 }] }), /^lines\.0\.discount:/],
      [
        order({ refunds: [{ id: 'r', created_at: 1, lines: [{ line_id: 'nope', quantity: 1 }] }] }),
        /^refunds\.0\.lines\.0\.line_id:/,
      ],
      [order({ name: 'Order one' }), /^number:/],
      // What return rules look at is bounded like the lines' tags.
      [order({ tags: Array.from({ length: 51 }, (_, i) => `t${String(i)}`) }), /^tags:/],
      [order({ discount_codes: ['X'.repeat(256)] }), /^discount_codes\.0:/],
      [
        order({ lines: [{ id: 'a', title: 'X', price: 1, quantity: 1, collections: [' '] }] }),
        /^lines\.0\.collections\.0:/,
      ],
      [
        order({ lines: [{ id: 'a', title: 'X', price: 1, quantity: 1, vendor: 'V'.repeat(256) }] }),
        /^lines\.0\.vendor:/,
      ],
      // A misspelt field is named, not silently dropped.
      [order({ delivered: 1_795_000_000 }), /"delivered"/],
    ];
    for (const [body, message] of cases) {
      const { status, body: answer } = await put('5123', body);
      expect(status).toBe(400);
      expect(answer.code).toBe(Code.InvalidInput);
      expect(answer.msg).toMatch(message);
    }
    expect((await put('has/slash', order())).status).toBe(404);
    expect((await put('has space', order())).body.msg).toMatch(/^id:/);
    expect(await shopperView('1001', 'erin@example.com')).toBeNull();
  });

  it('keeps what return rules look at: the order’s tags and codes, each line’s type, vendor and collections', async () => {
    const [jacket, socks] = order().lines;
    const facts = {
      tags: ['vip'],
      discount_codes: ['WELCOME10'],
      lines: [{ ...jacket, product_type: 'Jackets', vendor: 'Northbound', collections: ['Outerwear', 'Sale'] }, socks],
    };
    expect((await put('5123', order(facts))).status).toBe(200);
    const platform = new LocalStorePlatform(t.db, t.clock);
    const saved = async () => present(await platform.findOrderByNumber(other.shop.id, '1001'), 'the fed order');
    const fed = await saved();
    expect([fed.tags, fed.discountCodes]).toEqual([['vip'], ['WELCOME10']]);
    expect(fed.lines.map((l) => [l.productType, l.vendor, l.collections])).toEqual([
      ['Jackets', 'Northbound', ['Outerwear', 'Sale']],
      ['', '', []],
    ]);
    // The store sends the order again without them: it has none now.
    await put('5123', order());
    const after = await saved();
    expect([after.tags, after.discountCodes, after.lines[0]?.collections]).toEqual([[], [], []]);
  });

  it('refuses amounts whose sums would not stay exact, one by one or in an import, with the field at fault', async () => {
    const line = (price: number, quantity: number, more = {}) => ({ id: 'a', title: 'X', price, quantity, ...more });
    const tooMuch: [unknown, RegExp][] = [
      // A bigint overflowed on PostgreSQL with this one (issue #30): 9e15 × 10,000.
      [order({ lines: [line(9e15, 10_000)] }), /^lines\.0\.price: Too large: at most 10,000,000,000,000 minor units/],
      [order({ lines: [line(2e9, 10_000)] }), /^lines\.0: price × quantity comes to more than 10,000,000,000,000/],
      [order({ shipping: 1e13 + 1 }), /^shipping: Too large/],
      [order({ lines: [line(100, 1, { tax: 1e13 + 1 })] }), /^lines\.0\.tax: Too large/],
      [
        order({ lines: [line(1e9, 10_000), { ...line(1e9, 10_000), id: 'b' }] }),
        /^lines: The order comes to more than 10,000,000,000,000 minor units/,
      ],
    ];
    for (const [body, message] of tooMuch) {
      const { status, body: answer } = await put('5123', body);
      expect(status).toBe(400);
      expect(answer).toMatchObject({ code: Code.InvalidInput, msg: expect.stringMatching(message) as unknown });
    }
    const imported = await api<{ saved: number; failed: { index: number; error: string }[] }>(
      'POST',
      merchantPath('importOrders'),
      { orders: tooMuch.map(([body], i) => ({ ...(body as object), id: `big-${String(i)}`, name: `#${String(i)}` })) },
    );
    expect(imported.status).toBe(200);
    expect(imported.body.data.saved).toBe(0);
    expect(imported.body.data.failed.map((f) => f.error)).toEqual(
      tooMuch.map(([, message]) => expect.stringMatching(message) as unknown),
    );
    expect(await shopperView('1001', 'erin@example.com')).toBeNull();
    // At the bound itself the order is taken, and its shopper sees it.
    expect((await put('5123', order({ shipping: 0, lines: [line(1e9, 10_000)] }))).status).toBe(200);
    expect(present(await shopperView('1001', 'erin@example.com'), 'login').yes.X).toMatchObject({ price: 1e9 });
  });

  it("refuses a number that another of the shop's orders holds, and keeps shops apart", async () => {
    await put('5123', order());
    const taken = await put('9999', order());
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toMatch(/1001 already belongs to order 5123/);
    // The demo shop has its own #1001: neither shop's shoppers can reach the other's.
    expect(await shopperView('1001', 'erin@example.com', demoShop)).toBeNull();
    expect(await shopperView('1001', 'alice@example.com')).toBeNull();
    // The demo key cannot write into this shop: it writes into its own, where #1001 is taken by the demo order.
    expect((await put('5123', order(), 'demo-merchant-key')).status).toBe(409);
    expect((await put('5123', order(), 'x'.repeat(24))).status).toBe(401);
  });

  it("counts a returned unit once when the store's refund of it is pushed afterwards", async () => {
    await put('5123', order());
    const login = await t.call(calls.login, {
      shop_url: other.shop.shopUrl,
      email: 'erin@example.com',
      order_number: '1001',
    });
    const token = login.body.data.token;
    const orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], 'the order').id;
    const socks = present(
      (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data.yes.find((l) => l.title === 'Wool Socks'),
      'socks',
    );
    const submitted = await t.call(
      calls.setReturnOrder,
      oneLineReturn({ orderId, lineId: socks.id, idempotencyKey: 'return-one-sock' }),
      token,
    );
    const requestId = submitted.body.data.request_id;
    for (const action of ['approve', 'receive', 'refund'] as const) {
      await api('POST', merchantPath(action, requestId), {});
      await t.app.ctx.worker.runDue();
    }
    expect(present(await shopperView('1001', 'erin@example.com'), 'login').yes['Wool Socks']?.refundable_quantity).toBe(
      2,
    );
    // The store refunds that sock too and pushes the order with its refund: still two left, not one.
    const refunded = order({
      refunds: [{ id: 'r-1', created_at: 1_795_000_000, lines: [{ line_id: 'li-2', quantity: 1 }] }],
    });
    await put('5123', refunded);
    expect(present(await shopperView('1001', 'erin@example.com'), 'login').yes['Wool Socks']?.refundable_quantity).toBe(
      2,
    );
  });

  it('saves the same new order once when pushes race', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => put('7001', order({ name: '#7001' }))));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.filter((a) => a.body.data.created)).toHaveLength(1);
    expect(present(await shopperView('7001', 'erin@example.com'), 'login').yes['Rain Jacket']).toBeDefined();
  });

  it('imports a batch: each order is saved or refused on its own', async () => {
    const batch = [
      { id: 'a1', ...order({ name: '#2001' }) },
      { id: 'a2', ...order({ name: '#2002', currency: 'x' }) },
      { id: 'a3', ...order({ name: '#2001' }) },
      { id: 'a4', ...order({ name: '#2004', delivered_at: null }) },
    ];
    const { status, body } = await api<{ saved: number; failed: { index: number; id: string; error: string }[] }>(
      'POST',
      merchantPath('importOrders'),
      { orders: batch },
    );
    expect(status).toBe(200);
    expect(body.data.saved).toBe(2);
    expect(body.data.failed.map((f) => [f.index, f.id])).toEqual([
      [1, 'a2'],
      [2, 'a3'],
    ]);
    expect(body.data.failed[0]?.error).toMatch(/^currency:/);
    expect(body.data.failed[1]?.error).toMatch(/2001 already belongs to order a1/);
    expect(await shopperView('2004', 'erin@example.com')).not.toBeNull();
    const tooMany = await api('POST', merchantPath('importOrders'), { orders: Array(501).fill(batch[0]) });
    expect(tooMany.status).toBe(400);
  });

  it('documents the feed in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/merchant/docs/openapi.json' })).json<{
      paths: Record<string, Record<string, { security: unknown[]; parameters: { schema: { type: string } }[] }>>;
    }>();
    const upsert = present(doc.paths['/merchant/v1/orders/{id}']?.put, 'PUT /orders/{id}');
    expect(upsert.parameters[0]?.schema.type).toBe('string');
    expect(doc.paths['/merchant/v1/orders/import']?.post).toBeDefined();
    expect(doc.paths['/merchant/v1/webhooks/orders']?.post?.security).toEqual([]);
  });
});
