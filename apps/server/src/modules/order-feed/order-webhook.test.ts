import { Code, LEGACY_ORDER_WEBHOOK, merchantPath, ORDER_WEBHOOK } from '@return-center/contract';
import { present } from '@return-center/domain';
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addShop, buildTestApp, dialects, shop as demoShop, type TestApp } from '../../../test/helper.js';
import { nowSeconds } from '../../clock.js';
import { deliver, order, shopperView, signedHeaders, type FedShop } from './test-support.js';
import { signDelivery } from './webhook-signature.js';

describe('webhook signatures', () => {
  it('are those of Standard Webhooks: its published example signs the same', () => {
    // The JavaScript library's "sign function works" case (github.com/standard-webhooks/standard-webhooks).
    const delivery = { id: 'msg_p5jXN8AQM9LWM0D4loKWxJek', timestamp: 1614265330, body: '{"test": 2432232314}' };
    expect(signDelivery('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', delivery)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });
});

describe.each(dialects)('the order webhook on %s', (dialect) => {
  let t: TestApp;
  let fed: FedShop;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
    fed = await addShop(t, 'erins-outdoor.example');
  });
  afterEach(() => t.close());

  const signed = (body: string, id: string, options: { secret?: string; timestamp?: number } = {}) =>
    signedHeaders(t, fed, body, id, options);
  const erin = () => shopperView(t, fed.shop.shopUrl, '1001', 'erin@example.com');
  const v1 = JSON.stringify({ id: '5123', ...order() });
  const v2 = JSON.stringify({ id: '5123', ...order({ lines: [{ id: 'x', title: 'Other', price: 1, quantity: 1 }] }) });

  it('hands out secrets in the Standard Webhooks form', () => {
    expect(fed.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  });

  it('applies a signed delivery once, however often it comes', async () => {
    expect((await deliver(t, v1, signed(v1, 'd-1'))).body.data).toEqual({
      id: '5123',
      number: '1001',
      created: true,
      duplicate: false,
    });
    // The same delivery again, even with another body, changes nothing.
    expect((await deliver(t, v2, signed(v2, 'd-1'))).body.data).toMatchObject({ duplicate: true });
    expect(present(await erin(), 'login').yes['Rain Jacket']).toBeDefined();
    // A new delivery applies.
    expect((await deliver(t, v2, signed(v2, 'd-2'))).body.data).toMatchObject({ created: false, duplicate: false });
    expect(present(await erin(), 'login').yes.Other).toBeDefined();
  });

  it('refuses a captured delivery sent again under a new id: an order cannot be rolled back', async () => {
    const captured = signed(v1, 'd-1');
    await deliver(t, v1, captured);
    await deliver(t, v2, signed(v2, 'd-2'));
    const replayed = await deliver(t, v1, { ...captured, [ORDER_WEBHOOK.idHeader]: 'd-3' });
    expect(replayed).toMatchObject({
      status: 401,
      body: { code: Code.Unauthorized, msg: 'The signature does not match' },
    });
    // Under its own id it is a repeat: nothing changes either.
    expect((await deliver(t, v1, captured)).body.data).toMatchObject({ duplicate: true });
    const seen = present(await erin(), 'login');
    expect(seen.yes.Other).toBeDefined();
    expect(seen.yes['Rain Jacket']).toBeUndefined();
  });

  it('refuses a delivery signed more than 5 minutes before or after the server’s time, and says why', async () => {
    const now = nowSeconds(t.clock);
    const stale = await deliver(t, v1, signed(v1, 'd-1', { timestamp: now - 301 }));
    expect(stale.status).toBe(401);
    expect(stale.body.msg).toMatch(/^webhook-timestamp: signed at \d+, 301 s from the server's clock \(at most 300\)/);
    expect((await deliver(t, v1, signed(v1, 'd-2', { timestamp: now + 301 }))).status).toBe(401);
    expect(await erin()).toBeNull();
    // A delivery captured now and sent again once its time has passed: refused, even under its own new id.
    const captured = signed(v1, 'd-3');
    t.clock.advance(301_000);
    expect((await deliver(t, v1, captured)).status).toBe(401);
    expect(await erin()).toBeNull();
    // Within the window it is taken, and the refused ones did not use up their ids.
    expect((await deliver(t, v1, signed(v1, 'd-1', { timestamp: nowSeconds(t.clock) - 300 }))).status).toBe(200);
  });

  it('tells a sender of the body-only signature what changed, without locking it out', async () => {
    const legacy = {
      [ORDER_WEBHOOK.shopHeader]: fed.shop.shopUrl,
      [LEGACY_ORDER_WEBHOOK.deliveryHeader]: 'd-1',
      [LEGACY_ORDER_WEBHOOK.signatureHeader]: `sha256=${createHmac('sha256', fed.webhookSecret).update(v1).digest('hex')}`,
    };
    // More than the 20 refused signatures that would hold an address back.
    for (let i = 0; i < 25; i++) {
      const answer = await deliver(t, v1, legacy);
      expect(answer.status).toBe(401);
      expect(answer.body.msg).toMatch(
        /signed as Standard Webhooks now: send webhook-id, webhook-timestamp and webhook-signature/,
      );
      expect(answer.body.msg).toContain('docs/feeding-orders.md');
    }
    expect(await erin()).toBeNull();
    expect((await deliver(t, v1, signed(v1, 'd-1'))).status).toBe(200);
  });

  it('answers 401 to a bad signature, an unknown shop or a body changed after signing', async () => {
    const tampered = v1.replace('8900', '1');
    const bad = [
      signed(v1, 'd-1', { secret: 'whsec_d3Jvbmctc2VjcmV0LXdyb25nLXNlY3JldC13cm9uZw==' }),
      { ...signed(v1, 'd-1'), [ORDER_WEBHOOK.shopHeader]: 'nobody.example' },
      { ...signed(v1, 'd-1'), [ORDER_WEBHOOK.shopHeader]: demoShop },
      { ...signed(v1, 'd-1'), [ORDER_WEBHOOK.signatureHeader]: '' },
      { ...signed(v1, 'd-1'), [ORDER_WEBHOOK.timestampHeader]: String(nowSeconds(t.clock) - 1) },
    ];
    for (const headers of bad) expect((await deliver(t, v1, headers)).status).toBe(401);
    // No body at all: refused the same way, never a server error.
    const empty = await t.app.inject({ method: 'POST', url: merchantPath('orderWebhook'), headers: signed(v1, 'd-0') });
    expect(empty.statusCode).toBe(401);
    expect((await deliver(t, tampered, signed(v1, 'd-1'))).status).toBe(401);
    expect(await erin()).toBeNull();
    // None of them used up the delivery id.
    expect((await deliver(t, v1, signed(v1, 'd-1'))).body.data).toMatchObject({ duplicate: false });
  });

  it('takes a delivery signed with a rotated key beside the current one', async () => {
    const old = signDelivery('whsec_b2xkLXNlY3JldC1vbGQtc2VjcmV0LW9sZC1zZWNyZXQ=', {
      id: 'd-1',
      timestamp: nowSeconds(t.clock),
      body: v1,
    });
    const headers = signed(v1, 'd-1');
    const both = `${old} ${headers[ORDER_WEBHOOK.signatureHeader]}`;
    expect((await deliver(t, v1, { ...headers, [ORDER_WEBHOOK.signatureHeader]: both })).status).toBe(200);
  });

  it('refuses a signed but invalid delivery without recording it, so a fixed one can follow', async () => {
    const invalid = JSON.stringify({ id: '5123', ...order({ currency: 'x' }) });
    const answer = await deliver(t, invalid, signed(invalid, 'd-9'));
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toMatch(/^currency:/);
    for (const [id, message] of [
      ['', /^webhook-id: required/],
      ['d.9', /^webhook-id: 1 to 100 printable ASCII characters without dots/],
    ] as const) {
      const refused = await deliver(t, v1, signed(v1, id));
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toMatch(message);
    }
    expect((await deliver(t, v1, { ...signed(v1, 'd-9'), [ORDER_WEBHOOK.timestampHeader]: 'soon' })).status).toBe(400);
    expect((await deliver(t, v1, signed(v1, 'd-9'))).body.data).toMatchObject({ created: true });
  });
});
