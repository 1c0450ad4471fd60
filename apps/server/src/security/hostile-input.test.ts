import { randomUUID } from 'node:crypto';
import { calls, Code, MERCHANT_BASE, type Envelope, type ShopSettings } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, latestCode, shop, type TestApp } from '../../test/helper.js';

const merchant = { authorization: 'Bearer demo-merchant-key' };
const HUGE = [2 ** 31, 2 ** 53, 1e308, -(2 ** 31) - 1];

describe.each(dialects)('hostile input on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await buildTestApp(dialect, { DEV_TOOLS: 'true' });
    token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' })).body.data
      .token;
  });
  afterEach(() => t.close());

  it('refuses integers our columns cannot hold as bad input, never a server error', async () => {
    for (const value of HUGE) {
      const info = await t.call(calls.orderInfo, { order_id: value }, token);
      expect(info.status).toBeLessThan(500);
      expect(info.body.code).toBe(Code.InvalidInput);
      const money = await t.call(
        calls.getReturnMoney,
        { order_id: 1, solution_id: value, refund_line_items: [{ line_item_id: value, quantity: 1 }] },
        token,
      );
      expect(money.body.code).toBe(Code.InvalidInput);
      const detail = await t.app.inject({
        method: 'GET',
        url: `${MERCHANT_BASE}/requests/${value}`,
        headers: merchant,
      });
      expect(detail.json<Envelope<unknown>>().code).toBe(Code.NotFound);
      const list = await t.app.inject({
        method: 'GET',
        url: `${MERCHANT_BASE}/requests?cursor=${value}&status=${value}`,
        headers: merchant,
      });
      expect(list.statusCode).toBeLessThan(500);
      expect(list.json<Envelope<unknown>>().code).toBe(Code.InvalidInput);
    }
  });

  it('refuses text with a NUL character in bodies, queries and settings', async () => {
    const login = await t.call(calls.login, {
      shop_url: shop,
      email: 'alice\u0000@example.com',
      order_number: '#1001',
    });
    expect(login.body).toMatchObject({ code: Code.InvalidInput, msg: 'Text may not contain NUL characters' });
    const search = await t.app.inject({
      method: 'GET',
      url: `${MERCHANT_BASE}/requests?email=a%00b`,
      headers: merchant,
    });
    expect(search.json<Envelope<unknown>>().code).toBe(Code.InvalidInput);
    const settings = (await t.app.inject({ method: 'GET', url: `${MERCHANT_BASE}/settings`, headers: merchant })).json<
      Envelope<ShopSettings>
    >().data;
    settings.text.confirm_button_name = 'Start\u0000';
    const put = await t.app.inject({
      method: 'PUT',
      url: `${MERCHANT_BASE}/settings`,
      headers: merchant,
      payload: settings,
    });
    expect(put.json<Envelope<unknown>>().code).toBe(Code.InvalidInput);
  });

  it('answers two concurrent submits with one key on two orders with one request and one clear refusal', async () => {
    const copy = await t.app.inject({ method: 'POST', url: '/dev/demo-orders', payload: { template: '1001' } });
    const copied = copy.json<Envelope<{ order_name: string }>>();
    expect(copied.code).toBe(Code.Success);
    await t.call(calls.loginCode, { email: 'alice@example.com', shop_url: shop, lang: 'en' });
    const code = await latestCode(t, 'alice@example.com');
    const both = (await t.call(calls.login, { email: 'alice@example.com', code, shop_url: shop })).body.data.token;
    const orders = (await t.call(calls.index, {}, both)).body.data.list.filter(
      (o) => o.order_name === '#1001' || o.order_name === copied.data.order_name,
    );
    expect(orders).toHaveLength(2);
    const idempotency_key = randomUUID();
    const submitFor = async (orderId: number) => {
      const info = (await t.call(calls.orderInfo, { order_id: orderId }, both)).body.data;
      const shirt = present(
        info.yes.find((l) => l.title === 'Linen Shirt'),
        'Linen Shirt line',
      );
      return t.call(
        calls.setReturnOrder,
        oneLineReturn({ orderId, lineId: shirt.line_item_id, idempotencyKey: idempotency_key }),
        both,
      );
    };
    const answers = await Promise.all(orders.map((o) => submitFor(o.id)));
    expect(answers.every((a) => a.status < 500)).toBe(true);
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual([Code.Success, Code.InvalidInput]);
    expect(
      present(
        answers.find((a) => a.body.code === Code.InvalidInput),
        'the refusal',
      ).body.msg,
    ).toMatch(/idempotency_key/);
  });
});
