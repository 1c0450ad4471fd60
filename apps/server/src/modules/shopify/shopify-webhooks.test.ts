import { randomBytes } from 'node:crypto';
import { calls } from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeShopifyAdmin } from '../../../test/fakes/shopify-admin-server.js';
import type { FakeShop } from '../../../test/fakes/shopify-admin-shop.js';
import { dialects, type TestApp } from '../../../test/helper.js';
import { install, shopifyApp, shopifyOrder, submitShopifyReturn } from '../../../test/shopify.js';
import { REDACTED_EMAIL } from '../requests/requests.tables.js';
import { sign } from './shopify-signatures.js';

describe.each(dialects)('Shopify webhooks on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeShopifyAdmin;
  let shop: FakeShop;
  beforeEach(async () => {
    ({ t, fake, shop } = await shopifyApp(dialect));
    await install(t, fake, shop);
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  const deliver = (
    topic: string,
    payload: unknown,
    options: { eventId?: string | null; webhookId?: string | null; hmac?: string } = {},
  ) => {
    const raw = JSON.stringify(payload);
    // Each id is made up unless given; null leaves its header out.
    const id = (name: string, given: string | null | undefined) =>
      given === null ? {} : { [name]: given ?? randomBytes(8).toString('hex') };
    return t.app.inject({
      method: 'POST',
      url: `/webhooks/shopify/${topic}`,
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': topic,
        'x-shopify-shop-domain': shop.domain,
        ...id('x-shopify-event-id', options.eventId),
        ...id('x-shopify-webhook-id', options.webhookId),
        'x-shopify-hmac-sha256': options.hmac ?? sign.webhook(raw, fake.oauth.app.secret),
      },
    });
  };
  const installRow = () => t.db.selectFrom('shopify_installs').selectAll().executeTakeFirstOrThrow();
  const dataRequest = { shop_domain: 'cool-socks.myshopify.com', customer: { id: 9, email: 'alice@example.com' } };
  const shopId = async () =>
    (await t.db.selectFrom('shopify_installs').select('shop_id').executeTakeFirstOrThrow()).shop_id;

  it('answers 401 to a body whose HMAC does not match, and acts on nothing', async () => {
    const payload = { id: 1 };
    const forged = sign.webhook(JSON.stringify({ id: 2 }), fake.oauth.app.secret);
    expect((await deliver('app/uninstalled', payload, { hmac: forged })).statusCode).toBe(401);
    expect((await deliver('app/uninstalled', payload, { hmac: '' })).statusCode).toBe(401);
    expect((await installRow()).uninstalled_at).toBeNull();
  });

  it('counts bad signatures per address and refuses that address after 20', async () => {
    for (let i = 0; i < 20; i++)
      expect((await deliver('orders/updated', { id: i }, { hmac: 'x' })).statusCode).toBe(401);
    expect((await deliver('orders/updated', { id: 1 })).statusCode).toBe(429);
  });

  it('refuses a signed body naming another shop than the header, and acts on nothing', async () => {
    const payload = { shop_domain: 'other.myshopify.com' };
    expect((await deliver('shop/redact', payload)).statusCode).toBe(401);
  });

  it("refuses shop B's signed app/uninstalled sent with shop A's header: A stays installed", async () => {
    const other = { id: 2, domain: 'b.example', myshopify_domain: 'other.myshopify.com' };
    expect((await deliver('app/uninstalled', other)).statusCode).toBe(401);
    // A body without the shop it is about is not Shopify's either.
    expect((await deliver('app/uninstalled', { id: 1 })).statusCode).toBe(401);
    const row = await installRow();
    expect([row.token === '', row.uninstalled_at]).toEqual([false, null]);
  });

  it('applies a delivery once by X-Shopify-Webhook-Id, with or without an event id', async () => {
    const once = { webhookId: 'delivery-1', eventId: null };
    expect((await deliver('customers/data_request', dataRequest, once)).json()).toMatchObject({
      data: { result: 'applied' },
    });
    expect((await deliver('customers/data_request', dataRequest, once)).json()).toMatchObject({
      data: { result: 'duplicate' },
    });
    // The same delivery again, now naming its event too.
    const again = await deliver('customers/data_request', dataRequest, { webhookId: 'delivery-1', eventId: 'evt-9' });
    expect(again.json()).toMatchObject({ data: { result: 'duplicate' } });
    expect(await t.db.selectFrom('shopify_data_requests').selectAll().execute()).toHaveLength(1);
  });

  it('refuses a delivery that names neither its webhook id nor its event id, and records nothing', async () => {
    const bare = { webhookId: null, eventId: null };
    for (let i = 0; i < 2; i++)
      expect((await deliver('customers/data_request', dataRequest, bare)).statusCode).toBe(400);
    expect(await t.db.selectFrom('shopify_data_requests').selectAll().execute()).toEqual([]);
  });

  it('forgets the token on app/uninstalled: the shop can no longer be read', async () => {
    fake.putOrder(shop.domain, shopifyOrder('1001'));
    const payload = { id: 1, domain: 'cool-socks.example', myshopify_domain: shop.domain };
    expect((await deliver('app/uninstalled', payload)).statusCode).toBe(200);
    const row = await installRow();
    expect(row.token).toBe('');
    expect(row.uninstalled_at).not.toBeNull();
    const login = await t.call(calls.login, {
      shop_url: shop.domain,
      email: 'alice@example.com',
      order_number: '#1001',
    });
    expect(login.body.code).not.toBe(1000);
  });

  it('records a customer data request once per event id', async () => {
    const payload = { shop_domain: shop.domain, customer: { id: 9, email: 'alice@example.com' }, orders_requested: [] };
    const first = await deliver('customers/data_request', payload, { eventId: 'evt-1' });
    const again = await deliver('customers/data_request', payload, { eventId: 'evt-1' });
    expect(first.json()).toMatchObject({ code: 1000, data: { result: 'applied' } });
    expect(again.json()).toMatchObject({ code: 1000, data: { result: 'duplicate' } });
    const stored = await t.db.selectFrom('shopify_data_requests').selectAll().execute();
    expect(stored).toMatchObject([{ shop_id: await shopId(), email: 'alice@example.com' }]);
  });

  it("anonymises the customer's requests on customers/redact, and leaves others' alone", async () => {
    fake.putOrder(shop.domain, shopifyOrder('1001'));
    fake.putOrder(shop.domain, shopifyOrder('1002', 'bob@example.com'));
    const alice = await submitShopifyReturn(t, shop.domain, '#1001');
    const bob = await submitShopifyReturn(t, shop.domain, '#1002', 'bob@example.com');
    const payload = {
      shop_domain: shop.domain,
      customer: { id: 1, email: 'Alice@example.com' },
      orders_to_redact: [shop.orders[0]?.id],
    };
    expect((await deliver('customers/redact', payload)).statusCode).toBe(200);
    const request = async (id: number) =>
      t.db.selectFrom('return_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const items = async (id: number) =>
      t.db.selectFrom('return_items').select(['reason_text', 'description']).where('request_id', '=', id).execute();
    expect((await request(alice.requestId)).customer_email).toBe(REDACTED_EMAIL);
    expect(await items(alice.requestId)).toEqual([{ reason_text: '', description: '' }]);
    expect((await request(alice.requestId)).refund).toBeGreaterThan(0);
    expect((await request(bob.requestId)).customer_email).toBe('bob@example.com');
    expect((await items(bob.requestId))[0]?.description).not.toBe('');
    const sessions = await t.db.selectFrom('sessions').select('email').execute();
    expect(sessions.map((s) => s.email)).toEqual(['bob@example.com']);
  });

  it("deletes the customer's photos and timeline notes on customers/redact, and keeps another customer's", async () => {
    fake.putOrder(shop.domain, shopifyOrder('1001'));
    fake.putOrder(shop.domain, shopifyOrder('1002', 'bob@example.com'));
    const alice = await submitShopifyReturn(t, shop.domain, '#1001', 'alice@example.com', { photo: true });
    const bob = await submitShopifyReturn(t, shop.domain, '#1002', 'bob@example.com', { photo: true });
    for (const email of ['alice@example.com', 'bob@example.com'])
      await t.call(calls.loginCode, { email, shop_url: shop.domain, lang: 'en' });
    // The mails telling each of them the request was received, noted on its timeline, and their sign-in codes.
    await t.app.ctx.worker.runDue();
    const codeMails = async () =>
      (await t.db.selectFrom('jobs').select('payload').where('kind', '=', 'auth.send-code').execute()).map(
        (j) => (JSON.parse(j.payload) as { email: string }).email,
      );
    expect((await codeMails()).sort()).toEqual(['alice@example.com', 'bob@example.com']);
    const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
    const notes = async (id: number) =>
      (await t.db.selectFrom('request_events').select('note').where('request_id', '=', id).execute()).map(
        (e) => e.note,
      );
    const proof = async (id: number) =>
      (await t.db.selectFrom('return_items').select('proof').where('request_id', '=', id).execute()).map(
        (i) => JSON.parse(i.proof) as string[],
      );
    expect([await served(alice.photo), await served(bob.photo)]).toEqual([200, 200]);
    expect((await notes(alice.requestId)).join()).toContain('alice@example.com');

    const payload = { shop_domain: shop.domain, customer: { id: 1, email: 'alice@example.com' }, orders_to_redact: [] };
    expect((await deliver('customers/redact', payload)).statusCode).toBe(200);
    expect(await served(alice.photo)).toBe(404);
    const stored = t.app.ctx.services.uploads.storage;
    expect(await stored.read(alice.photo.replace('/uploads/', ''))).toBeNull();
    expect(await proof(alice.requestId)).toEqual([[]]);
    expect(await notes(alice.requestId)).not.toHaveLength(0);
    expect((await notes(alice.requestId)).every((note) => note === '')).toBe(true);

    expect(await codeMails()).toEqual(['bob@example.com']);
    expect(await served(bob.photo)).toBe(200);
    expect(await proof(bob.requestId)).toEqual([[bob.photo]]);
    expect((await notes(bob.requestId)).join()).toContain('bob@example.com');
  });

  it("anonymises every request of the shop on shop/redact, deletes their photos and drops the adapter's ids", async () => {
    fake.putOrder(shop.domain, shopifyOrder('1001'));
    const alice = await submitShopifyReturn(t, shop.domain, '#1001', 'alice@example.com', { photo: true });
    await t.app.ctx.worker.runDue();
    expect((await deliver('shop/redact', { shop_id: 1, shop_domain: shop.domain })).statusCode).toBe(200);
    const stored = await t.db.selectFrom('return_requests').selectAll().where('id', '=', alice.requestId).execute();
    expect(stored.map((r) => r.customer_email)).toEqual([REDACTED_EMAIL]);
    expect((await t.app.inject({ method: 'GET', url: alice.photo })).statusCode).toBe(404);
    const notes = t.db.selectFrom('request_events').select('note').where('request_id', '=', alice.requestId);
    expect((await notes.execute()).filter((e) => e.note !== '')).toEqual([]);
    expect(await t.db.selectFrom('uploads').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('shopify_ids').selectAll().execute()).toEqual([]);
  });

  it('reads an order again after orders/updated or refunds/create', async () => {
    fake.putOrder(shop.domain, shopifyOrder('1001'));
    const login = await t.call(calls.login, {
      shop_url: shop.domain,
      email: 'alice@example.com',
      order_number: '#1001',
    });
    const token = login.body.data.token;
    const reads = () => fake.calls.filter((c) => c.operation === 'Order').length;
    const orderId = (await t.call(calls.index, {}, token)).body.data.list[0]?.id ?? 0;
    await t.call(calls.orderInfo, { order_id: orderId }, token);
    const before = reads();
    await t.call(calls.orderInfo, { order_id: orderId }, token);
    expect(reads()).toBe(before);
    await deliver('refunds/create', { id: 5, order_id: shop.orders[0]?.id });
    await t.call(calls.orderInfo, { order_id: orderId }, token);
    expect(reads()).toBe(before + 1);
    await deliver('orders/updated', { id: shop.orders[0]?.id });
    await t.call(calls.orderInfo, { order_id: orderId }, token);
    expect(reads()).toBe(before + 2);
  });
});
