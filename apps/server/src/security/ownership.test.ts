import { calls, Code, MERCHANT_BASE, merchantRoutes, type Envelope } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { present } from '@return-center/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildTestApp, dialects, shop, submitReturn, type TestApp } from '../../test/helper.js';
import { seedDemoShop } from '../demo/demo-shop.js';

const OTHER_SHOP = 'other-shop.myshopify.com';
const OTHER_KEY = 'other-shop-merchant-key';
const MISSING = 999_999;

/**
 * Every call that names an object, tried by every outsider: a shopper of the same shop, a shopper of another shop
 * on the same server, and another shop's merchant. Each refusal must read exactly like "does not exist".
 */
describe.each(dialects)('ownership matrix on %s', (dialect) => {
  let t: TestApp;
  let alice: { token: string; orderId: number; requestId: number; lineId: number; upload: string };
  const outsiders: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const submitted = await submitReturn(t);
    const info = (await t.call(calls.orderInfo, { order_id: submitted.orderId }, submitted.token)).body.data;
    const key = (await t.call(calls.getUploadKey, { filename: 'a.png' }, submitted.token)).body.data.data;
    alice = {
      ...submitted,
      lineId: info.no[0]?.line_item_id ?? present(info.yes[0], 'returnable line').line_item_id,
      upload: key.output_url,
    };

    // Another shop on the same server, with the same demo orders: Alice has an order #1001 there too.
    await seedDemoShop(t.db, t.clock, OTHER_SHOP);
    const other = present(await t.app.ctx.services.storefront.shops.byUrl(OTHER_SHOP), 'the other shop');
    await t.app.ctx.services.merchant.keys.add(other.id, OTHER_KEY, 'test');

    const login = async (shop_url: string, email: string, order_number: string) =>
      (await t.call(calls.login, { shop_url, email, order_number })).body.data.token;
    outsiders['a shopper of the same shop'] = await login(shop, 'bob@example.com', '#1003');
    outsiders['the same email at another shop'] = await login(OTHER_SHOP, 'alice@example.com', '#1001');
  });
  afterAll(() => t.close());

  const line = (id: number) => [{ line_item_id: id, quantity: 1, reason_id: 5 }];
  /** Each call twice: at Alice's object, and at one that does not exist. */
  const probes = (target: { order: number; request: number; upload: string }) =>
    [
      [calls.orderInfo, { order_id: target.order }],
      [calls.orderConfig, { order_id: target.order, refund_line_items: line(alice.lineId) }],
      [calls.checkRule, { order_id: target.order, solution_id: 1, refund_line_items: line(alice.lineId) }],
      [calls.getReturnMoney, { order_id: target.order, solution_id: 1, refund_line_items: line(alice.lineId) }],
      [calls.orderReturnList, { order_id: target.order }],
      [calls.returnInfo, { request_id: target.request }],
      [calls.refundCheck, { id: target.request }],
      [
        calls.addTracking,
        { request_id: target.request, tracking_number: '1Z999AA10123456784', shipping_carrier: 'UPS' },
      ],
      [calls.uploadCallback, { url: target.upload }],
      [
        calls.setReturnOrder,
        oneLineReturn({ orderId: target.order, lineId: alice.lineId, idempotencyKey: `matrix-${target.order}` }),
      ],
    ] as const;

  it('refuses every shopper call at another shopper’s order, request or upload like a missing one', async () => {
    let tried = 0;
    for (const [who, token] of Object.entries(outsiders)) {
      const real = probes({ order: alice.orderId, request: alice.requestId, upload: alice.upload });
      const missing = probes({ order: MISSING, request: MISSING, upload: '/uploads/proof/1/nothing.png' });
      for (let i = 0; i < real.length; i++) {
        const [call, payload] = present(real[i], 'probe');
        const attempt = await t.call(call, payload, token);
        const [controlCall, controlPayload] = present(missing[i], 'control probe');
        const control = await t.call(controlCall, controlPayload, token);
        expect(attempt.body.code, `${who}: ${call.name}`).not.toBe(Code.Success);
        expect({ status: attempt.status, body: attempt.body }, `${who}: ${call.name}`).toEqual({
          status: control.status,
          body: control.body,
        });
        tried += 1;
      }
    }
    expect(tried).toBe(20);
    // Nothing changed for Alice.
    const info = (await t.call(calls.returnInfo, { request_id: alice.requestId }, alice.token)).body.data;
    expect(info).toMatchObject({ status: 1, tracking_number: '' });
  });

  it('refuses every merchant call at another shop’s request like a missing one', async () => {
    const headers = { authorization: `Bearer ${OTHER_KEY}` };
    const routes = [
      ['GET', ''],
      ['POST', '/approve'],
      ['POST', '/reject'],
      ['POST', '/receive'],
      ['POST', '/refund'],
      ['POST', '/resolve'],
    ] as const;
    for (const [method, action] of routes) {
      const send = (id: number) =>
        t.app.inject({
          method,
          url: `${MERCHANT_BASE}/requests/${id}${action}`,
          headers,
          ...(method === 'POST' ? { payload: { reason: 'x' } } : {}),
        });
      const attempt = await send(alice.requestId);
      const control = await send(MISSING);
      expect(attempt.json<Envelope<unknown>>().code, `${method} ${action}`).toBe(Code.NotFound);
      expect({ status: attempt.statusCode, body: attempt.json<unknown>() }).toEqual({
        status: control.statusCode,
        body: control.json<unknown>(),
      });
    }
    const list = await t.app.inject({ method: 'GET', url: `${MERCHANT_BASE}/requests`, headers });
    const listed = list.json<Envelope<z.infer<typeof merchantRoutes.list.answer>>>().data.items.map((item) => item.id);
    expect(listed).not.toContain(alice.requestId);
  });
});
