import { calls, Code, messages } from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, patchSettings, shop, sign, type TestApp } from '../../../test/helper.js';

// The documented limits (docs/security.md), stated here so that a changed constant fails a test.
/** Sign-in tries at one order number from one client address per 15 minutes, shared with the order-number login. */
const TRIES_PER_ORDER_AND_ADDRESS = 10;

const giftLogin = (postcode: string, order_number = '#1001', email = 'gina@example.com') => ({
  shop_url: shop,
  order_number,
  postcode,
  email,
});

describe.each(dialects)('gift sign-in on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  it('signs a recipient in with the order number and the shipping postcode, in any case and spacing', async () => {
    for (const postcode of ['10118', ' 1 0118 ']) {
      const { body } = await t.call(calls.giftLogin, giftLogin(postcode, '1001', 'Gina@Example.com'));
      expect(body.code).toBe(Code.Success);
      const config = await t.call(calls.config, {}, body.data.token);
      // The session is the recipient's: the buyer's address is never answered to them.
      expect(config.body.data).toMatchObject({ email: 'gina@example.com', gift: true, order_id: body.data.order_id });
    }
    // A UK postcode is compared without case or spaces too (Carol's #1004 went to NW1 6XE).
    expect((await t.call(calls.giftLogin, giftLogin('nw16xe', '#1004'))).body.code).toBe(Code.Success);
    const index = await t.call(calls.index, {}, (await t.call(calls.giftLogin, giftLogin('10118'))).body.data.token);
    expect(index.body.data.list.map((order) => order.order_name)).toEqual(['#1001']);
  });

  it('signs in with the gift code the merchant API gives for the packing slip, however it is typed', async () => {
    const giftCode = async (order: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/merchant/v1/orders/${order}/gift-code`,
          headers: { authorization: 'Bearer demo-merchant-key' },
        })
      ).json<{ code: number; data: { order_name: string; gift_code: string } | null }>();
    const answer = await giftCode('1001');
    expect(answer.data?.order_name).toBe('#1001');
    const code = answer.data?.gift_code ?? '';
    expect(code).toMatch(/^GIFT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    // Derived, not stored: the same code every time, and another for another order.
    expect((await giftCode('%231001')).data?.gift_code).toBe(code);
    expect((await giftCode('1002')).data?.gift_code).not.toBe(code);
    expect((await giftCode('9999')).code).toBe(Code.NotFound);
    const typed = code.toLowerCase().replace(/-/g, ' ');
    expect((await t.call(calls.giftLogin, giftLogin(typed))).body.code).toBe(Code.Success);
    // Another order's code does not open this one.
    expect((await t.call(calls.giftLogin, giftLogin(code, '#1002'))).body.code).toBe(Code.OrderNotFound);
  });

  it('answers a wrong postcode exactly like an unknown order', async () => {
    const wrong = await t.call(calls.giftLogin, giftLogin('10119'));
    const unknown = await t.call(calls.giftLogin, giftLogin('10118', '#9999'));
    expect(wrong.body).toEqual({ code: Code.OrderNotFound, msg: messages.invalidOrderAndPostcode, data: null });
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.status).toBe(wrong.status);
    // An invalid recipient email is refused at the edge.
    expect((await t.call(calls.giftLogin, giftLogin('10118', '#1001', 'not-an-email'))).body.code).toBe(
      Code.InvalidInput,
    );
  });

  it('limits tries at one order number per address, shared with the order-number login', async () => {
    for (let i = 0; i < TRIES_PER_ORDER_AND_ADDRESS - 1; i += 1)
      expect((await t.call(calls.giftLogin, giftLogin(`0000${String(i)}`))).body.code).toBe(Code.OrderNotFound);
    // The order-number login's try counts in the same bucket…
    await t.call(calls.login, { shop_url: shop, email: 'mallory@example.com', order_number: '#1001' });
    // …so the right postcode is refused now, as any try would be.
    const limited = await t.call(calls.giftLogin, giftLogin('10118'));
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(Code.RateLimited);
    // Another order number is its own bucket.
    expect((await t.call(calls.giftLogin, giftLogin('NW1 6XE', '#1004'))).body.code).toBe(Code.Success);
  });

  it('is refused, and not offered, when the shop switches gift returns off', async () => {
    const offered = async () =>
      (await t.call(calls.getConfig, { shop_url: shop, code: 'en', sign })).body.data.gift_returns;
    expect(await offered()).toBe(true);
    await patchSettings(t, (settings) => (settings.gift_returns.enabled = false));
    const { body } = await t.call(calls.giftLogin, giftLogin('10118'));
    expect(body).toEqual({ code: Code.Forbidden, msg: messages.giftReturnsOff, data: null });
    expect(await offered()).toBe(false);
  });
});
