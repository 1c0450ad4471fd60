import { randomBytes } from 'node:crypto';
import { calls, Code, messages } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SINGLE_QUERY_MAX, type FakeShopifyAdmin } from '../../../test/fakes/shopify-admin-server.js';
import type { FakeShop } from '../../../test/fakes/shopify-admin-shop.js';
import { dialects, START, type TestApp } from '../../../test/helper.js';
import { install, shopifyApp, shopifyOrder } from '../../../test/shopify.js';
import { LIMITS } from '../auth/rate-limiter.js';
import { sign } from './shopify-signatures.js';

/** The exchange catalogue of a Shopify shop, as shoppers browse it: what it costs the shop's Admin API budget. */
describe.each(dialects)('Shopify catalogue for shoppers on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeShopifyAdmin;
  let shop: FakeShop;
  beforeEach(async () => {
    // A call gives up after 2 s, so a spent bucket shows quickly.
    ({ t, fake, shop } = await shopifyApp(dialect, { VENDOR_TIMEOUT_MS: '2000' }));
    await install(t, fake, shop);
    fake.putOrder(shop.domain, shopifyOrder('1001'));
    fake.putOrder(shop.domain, shopifyOrder('1002', 'bob@example.com'));
    const productIds = ['Linen Shirt', 'Wool Scarf', 'Canvas Sneakers'].map(
      (title, i) =>
        fake.putProduct(shop.domain, {
          title,
          handle: title.toLowerCase().replace(' ', '-'),
          createdAt: Math.floor(START / 1000) - i,
          variants: [
            { title: 'S', sku: `P${String(i)}-S`, price: 2500 + i * 1000, stock: 3, options: ['S'] },
            { title: 'M', sku: `P${String(i)}-M`, price: 2600 + i * 1000, stock: 0, options: ['M'] },
          ],
        }).id,
    );
    fake.putCollection(shop.domain, { title: 'Everything', handle: 'everything', productIds });
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  const signIn = async (email: string, order: string) =>
    (await t.call(calls.login, { shop_url: shop.domain, email, order_number: order })).body.data.token;
  type Query = Partial<z.input<typeof calls.getVariantList.payload>>;
  const browse = (token: string, query: Query = {}) => t.call(calls.getVariantList, query, token);
  const sent = (operation: string) => fake.calls.filter((c) => c.operation === operation);
  const productsUpdated = () => {
    const raw = JSON.stringify({ id: 1, title: 'Linen Shirt, washed' });
    return t.app.inject({
      method: 'POST',
      url: '/webhooks/shopify/products/update',
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-shopify-shop-domain': shop.domain,
        'x-shopify-webhook-id': randomBytes(8).toString('hex'),
        'x-shopify-hmac-sha256': sign.webhook(raw, fake.oauth.app.secret),
      },
    });
  };

  it('reads a page from Shopify once for every shopper of the shop, until a products webhook says it changed', async () => {
    const alice = await signIn('alice@example.com', '#1001');
    const bob = await signIn('bob@example.com', '#1002');
    const first = await browse(alice);
    expect(first.body.data.list.map((p) => p.title)).toEqual(['Linen Shirt', 'Wool Scarf', 'Canvas Sneakers']);
    expect((await browse(bob)).body).toEqual(first.body);
    expect([sent('Products').length, sent('Collections').length]).toEqual([1, 1]);

    present(
      shop.products.find((p) => p.handle === 'linen-shirt'),
      'the shirt',
    ).title = 'Linen Shirt, washed';
    expect((await productsUpdated()).json()).toMatchObject({ data: { result: 'applied' } });
    expect((await browse(bob)).body.data.list[0]?.title).toBe('Linen Shirt, washed');
    expect(sent('Products')).toHaveLength(2);
  });

  it('sorts by price with queries far under the most one query may cost, and scans once for the next pages', async () => {
    const alice = await signIn('alice@example.com', '#1001');
    const first = await browse(alice, { sort: 'price-desc', limit: 2 });
    expect(first.body.data.list.map((p) => p.title)).toEqual(['Canvas Sneakers', 'Wool Scarf']);
    const next = await browse(alice, { sort: 'price-desc', limit: 2, cursor: first.body.data.next_cursor });
    expect(next.body.data.list.map((p) => p.title)).toEqual(['Linen Shirt']);
    expect(sent('ProductPrices')).toHaveLength(1);
    const scarf = present(first.body.data.list[1], 'the scarf');
    const similar = await browse(alice, { similar_to: scarf.id });
    expect(similar.body.data.list.map((p) => p.title).sort()).toEqual(['Canvas Sneakers', 'Linen Shirt']);
    // Each query asks well under half of the most one may (Shopify refuses more than SINGLE_QUERY_MAX).
    for (const call of [...sent('ProductPrices'), ...sent('CollectionPrices'), ...sent('ProductCollections')])
      expect(call.cost, call.operation).toBeLessThanOrEqual(SINGLE_QUERY_MAX / 2);
  });

  it('limits the pages one session may ask for', async () => {
    const alice = await signIn('alice@example.com', '#1001');
    // Pages already kept count too: the limit is the session's, whatever each page costs.
    for (let i = 0; i < LIMITS.cataloguePerSession.max; i++) expect((await browse(alice)).body.code).toBe(Code.Success);
    const refused = await browse(alice);
    expect([refused.status, refused.body.code]).toEqual([429, Code.RateLimited]);
    // Another shopper still browses.
    expect((await browse(await signIn('bob@example.com', '#1002'))).body.code).toBe(Code.Success);
  });

  it('answers "busy, try again" and never a server error when the shop has no points left', async () => {
    const alice = await signIn('alice@example.com', '#1001');
    // Shopify answers THROTTLED to everything, as it does while the bucket is empty.
    fake.faults.throttle = 1000;
    const answer = await t.app.inject({
      method: 'POST',
      url: calls.getVariantList.path,
      payload: {},
      headers: { authorization: `Bearer ${alice}` },
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ code: Code.Busy, msg: messages.busy, data: null });
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    const login = await t.call(calls.login, {
      shop_url: shop.domain,
      email: 'bob@example.com',
      order_number: '#1002',
    });
    expect([login.status, login.body.code]).toEqual([503, Code.Busy]);
  });
});
