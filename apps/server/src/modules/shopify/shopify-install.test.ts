import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeShopifyAdmin } from '../../../test/fakes/shopify-admin-server.js';
import type { FakeShop } from '../../../test/fakes/shopify-admin-shop.js';
import { dialects, type TestApp } from '../../../test/helper.js';
import {
  install,
  PUBLIC_URL,
  shopifyApp,
  shopifyOrder,
  signedQuery,
  submitShopifyReturn,
} from '../../../test/shopify.js';
import { configFor } from '../../config.js';

describe.each(dialects)('Shopify install on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeShopifyAdmin;
  let shop: FakeShop;
  beforeEach(async () => ({ t, fake, shop } = await shopifyApp(dialect)));
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  it("sends the merchant to Shopify's grant screen with our scopes, callback and a state bound to the browser", async () => {
    const { start } = await install(t, fake, shop);
    expect(start.statusCode).toBe(302);
    const to = new URL(String(start.headers.location));
    expect(`${to.origin}${to.pathname}`).toBe('https://cool-socks.myshopify.com/admin/oauth/authorize');
    expect(to.searchParams.get('client_id')).toBe(fake.oauth.app.apiKey);
    expect(to.searchParams.get('scope')).toContain('write_returns');
    expect(to.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/shopify/callback`);
    expect(String(start.headers['set-cookie'])).toMatch(/^rc_shopify_state=.+; Path=\/shopify; HttpOnly; SameSite=Lax/);
  });

  it('refuses a shop that is not a myshopify.com domain', async () => {
    for (const bad of ['evil.com', 'x.myshopify.com.evil.com', 'a/b.myshopify.com', ''])
      expect((await t.app.inject({ method: 'GET', url: '/shopify/install', query: { shop: bad } })).statusCode).toBe(
        400,
      );
  });

  it('stores the offline token sealed, makes the shop, and its orders come from Shopify', async () => {
    const { callback } = await install(t, fake, shop);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(`https://cool-socks.myshopify.com/admin/apps/${fake.oauth.app.apiKey}`);
    const row = await t.db.selectFrom('shopify_installs').selectAll().executeTakeFirstOrThrow();
    expect(row.domain).toBe(shop.domain);
    expect(row.token).not.toContain(shop.accessToken);
    const ours = await t.db.selectFrom('shops').selectAll().where('id', '=', row.shop_id).executeTakeFirstOrThrow();
    expect(ours.shop_url).toBe(shop.domain);
    fake.putOrder(shop.domain, shopifyOrder('1001'));
    const { orderId, requestId } = await submitShopifyReturn(t, shop.domain, '#1001');
    expect(orderId).toBeLessThan(2 ** 31);
    const stored = await t.db
      .selectFrom('return_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(stored.platform_order_id).toBe(String(shop.orders[0]?.id));
    expect(fake.calls.some((c) => c.shop === shop.domain)).toBe(true);
  });

  it('installs again on the same shop row, with the new token', async () => {
    await install(t, fake, shop);
    await install(t, fake, shop);
    expect(await t.db.selectFrom('shopify_installs').selectAll().execute()).toHaveLength(1);
    expect(await t.db.selectFrom('shops').selectAll().execute()).toHaveLength(1);
  });

  it('refuses a callback whose HMAC, state or code is wrong', async () => {
    const { query, cookie } = await install(t, fake, shop);
    const callback = (q: Record<string, string>, c = cookie) =>
      t.app.inject({ method: 'GET', url: '/shopify/callback', query: q, headers: { cookie: c } });
    expect((await callback({ ...query, hmac: '0'.repeat(64) })).statusCode).toBe(401);
    expect((await callback({ ...query, shop: 'other.myshopify.com' })).statusCode).toBe(401);
    expect((await callback(query, '')).statusCode).toBe(401);
    // A state cookie that is not even valid percent-encoding is a wrong state, not a server error.
    expect((await callback(query, 'rc_shopify_state=%E0%A4%A')).statusCode).toBe(401);
    const { hmac: _, ...unsigned } = query;
    const otherState = signedQuery({ ...unsigned, state: 'f'.repeat(32) }, fake.oauth.app.secret);
    expect((await callback(otherState)).statusCode).toBe(401);
    // A code Shopify does not know (or used already) gets no token.
    const next = await install(t, fake, shop, { code: 'not-a-code' });
    expect(next.callback.statusCode).toBe(502);
  });

  it('refuses a callback signed an hour ago or an hour ahead, and installs nothing', async () => {
    for (const skew of [-3600, 3600, -91]) {
      const { callback } = await install(t, fake, shop, { timestampSkew: skew });
      expect(callback.statusCode).toBe(401);
    }
    expect(await t.db.selectFrom('shopify_installs').selectAll().execute()).toEqual([]);
    expect((await install(t, fake, shop, { timestampSkew: -60 })).callback.statusCode).toBe(302);
  });

  it('takes a state once: the same callback sent again is refused, even with a fresh code', async () => {
    const { query, cookie, callback } = await install(t, fake, shop);
    expect(callback.statusCode).toBe(302);
    const { hmac: _, ...unsigned } = query;
    const again = signedQuery({ ...unsigned, code: fake.oauth.authorize(shop) }, fake.oauth.app.secret);
    const replay = await t.app.inject({ method: 'GET', url: '/shopify/callback', query: again, headers: { cookie } });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses a state cookie older than the install may take', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/shopify/install', query: { shop: shop.domain } });
    t.clock.advance(11 * 60_000);
    const { callback } = await install(t, fake, shop, { start });
    expect(callback.statusCode).toBe(401);
  });
});

describe('Shopify configuration', () => {
  it('needs its keys when STORE_PLATFORM=shopify, naming each one', () => {
    const error = (() => {
      try {
        configFor({ STORE_PLATFORM: 'shopify', SHOPIFY_TOKEN_KEY: 'short' });
      } catch (e) {
        return String(e);
      }
      return '';
    })();
    for (const key of ['SHOPIFY_API_KEY', 'SHOPIFY_API_SECRET', 'SHOPIFY_TOKEN_KEY', 'PUBLIC_URL'])
      expect(error).toContain(`  ${key}: `);
    expect(configFor({}).STORE_PLATFORM).toBe('local');
  });
});
