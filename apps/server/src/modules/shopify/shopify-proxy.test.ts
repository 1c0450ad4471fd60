import { createHmac } from 'node:crypto';
import { BOOT_DATA_ID, calls, Code } from '@return-center/contract';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeShopifyAdmin } from '../../../test/fakes/shopify-admin-server.js';
import type { FakeShop } from '../../../test/fakes/shopify-admin-shop.js';
import { dialects, START, type TestApp } from '../../../test/helper.js';
import { install, shopifyApp, shopifyOrder } from '../../../test/shopify.js';

const NOW = Math.floor(START / 1000);

/** Query parameters as Shopify's app proxy signs them: sorted `k=v`, several values joined by commas, no separator. */
function proxied(params: Record<string, string | string[]>, secret: string) {
  const message = Object.keys(params)
    .sort()
    .map((k) => {
      const value = params[k] ?? '';
      return `${k}=${Array.isArray(value) ? value.join(',') : value}`;
    })
    .join('');
  return { ...params, signature: createHmac('sha256', secret).update(message).digest('hex') };
}

describe.each(dialects)('Shopify app proxy on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeShopifyAdmin;
  let shop: FakeShop;
  beforeEach(async () => {
    // A portal build of one page and one script, named relative to the page as the build names them.
    const dist = mkdtempSync(join(tmpdir(), 'rc-portal-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><meta name="return-center-shop" content="%RETURN_CENTER_SHOP%" />' +
        '<meta name="return-center-base" content="%RETURN_CENTER_BASE%" />' +
        '<script type="module" src="./assets/entry-Ab12.js"></script></head></html>',
    );
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'entry-Ab12.js'), 'export const portal = true;');
    ({ t, fake, shop } = await shopifyApp(dialect, { PORTAL_DIST: dist, DEFAULT_SHOP: 'demo-shop.myshopify.com' }));
    await install(t, fake, shop);
    fake.putOrder(shop.domain, shopifyOrder('1001'));
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  const params = (fields: Record<string, string | string[]> = {}) => ({
    shop: shop.domain,
    path_prefix: '/apps/returns',
    timestamp: String(NOW),
    logged_in_customer_id: '',
    ...fields,
  });
  const signed = (fields: Record<string, string | string[]> = {}) => proxied(params(fields), fake.oauth.app.secret);
  const get = (query: Record<string, string | string[]>, path = '/apps/returns') =>
    t.app.inject({ method: 'GET', url: path, query });
  /** A portal call as the shopper's browser makes it on the shop's domain, forwarded by Shopify. */
  const call = (name: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/apps/returns/go-api/v1/client/${name}`,
      query: signed(),
      payload,
      headers: { 'x-forwarded-for': '203.0.113.7', ...headers },
    });

  it("serves the portal under the shop's proxy path, opened on the shop that signed request names", async () => {
    for (const path of ['/apps/returns', '/apps/returns/', '/apps/returns/orders']) {
      const page = await get(signed(), path);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain(`<meta name="return-center-shop" content="${shop.domain}" />`);
      // The page's files, calls and links stay under the path the shopper's browser sees.
      expect(page.body).toContain('<meta name="return-center-base" content="/apps/returns" />');
      expect(page.body).toContain('src="/apps/returns/assets/entry-Ab12.js"');
      // The shop's configuration rides along for the first paint.
      expect(page.body).toContain(`id="${BOOT_DATA_ID}"`);
      expect(page.headers['content-security-policy']).toContain('frame-ancestors');
    }
    const script = await get(signed(), '/apps/returns/assets/entry-Ab12.js');
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('portal = true');
  });

  it('serves the same page at our own root with root paths', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/orders' });
    expect(page.body).toContain('<meta name="return-center-base" content="" />');
    expect(page.body).toContain('src="/assets/entry-Ab12.js"');
  });

  it("answers the portal's calls through the proxy as at our root, without Shopify's parameters", async () => {
    const login = await call(calls.login.name, {
      shop_url: shop.domain,
      email: 'alice@example.com',
      order_number: '1001',
    });
    expect(login.json()).toMatchObject({ code: Code.Success });
    const token = login.json<{ data: { token: string } }>().data.token;
    const auth = { authorization: `Bearer ${token}` };
    const orders = await call(calls.index.name, {}, auth);
    expect(orders.json()).toMatchObject({ code: Code.Success, data: { list: [{ order_name: '#1001' }] } });
    // A GET call's payload is its query, beside Shopify's parameters; a photo goes up through the proxy too.
    const key = await t.app.inject({
      method: 'GET',
      url: `/apps/returns${calls.getUploadKey.path}`,
      query: signed({ filename: 'scuff.png' }),
      headers: auth,
    });
    expect(key.json()).toMatchObject({ code: Code.Success });
    const { url } = key.json<{ data: { data: { url: string } } }>().data.data;
    const [path = '', query = ''] = url.split('?');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/apps/returns${path}`,
      query: signed(Object.fromEntries(new URLSearchParams(query))),
      headers: { 'content-type': 'image/png' },
      payload: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    });
    expect(put.statusCode).toBe(200);
  });

  it('counts rate limits per shopper, by the address Shopify forwards, not per Shopify', async () => {
    const wrong = { shop_url: shop.domain, email: 'mallory@example.com', order_number: '1001' };
    let answer = await call(calls.login.name, wrong);
    for (let i = 0; i < 40 && answer.json<{ code: number }>().code !== Code.RateLimited; i++)
      answer = await call(calls.login.name, wrong);
    expect(answer.json()).toMatchObject({ code: Code.RateLimited });
    const otherShopper = await call(calls.login.name, wrong, { 'x-forwarded-for': '198.51.100.9' });
    expect(otherShopper.json<{ code: number }>().code).not.toBe(Code.RateLimited);
  });

  it('checks repeated parameters joined by commas', async () => {
    expect((await get(signed({ extra: ['1', '2'] }))).statusCode).toBe(200);
  });

  it('refuses a bad signature, a changed parameter, or a timestamp more than 90 s away', async () => {
    const ok = signed();
    expect((await get({ ...ok, signature: '0'.repeat(64) })).statusCode).toBe(401);
    expect((await get({ ...ok, shop: 'other.myshopify.com' })).statusCode).toBe(401);
    expect((await get(params())).statusCode).toBe(401);
    expect((await get(signed({ timestamp: String(NOW - 91) }))).statusCode).toBe(401);
    expect((await get(signed({ timestamp: String(NOW + 91) }))).statusCode).toBe(401);
    expect((await get(signed({ timestamp: String(NOW - 90) }))).statusCode).toBe(200);
    // The page's files and calls through the proxy path are refused unsigned like the page.
    expect((await get(params(), '/apps/returns/assets/entry-Ab12.js')).statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/apps/returns${calls.login.path}`,
      payload: { shop_url: shop.domain, email: 'alice@example.com', order_number: '1001' },
    });
    expect(unsigned.statusCode).toBe(401);
  });

  it('reaches only what shoppers use: the console, the merchant API and the install are not under the proxy', async () => {
    for (const path of ['/apps/returns/admin', '/apps/returns/merchant/v1/requests', '/apps/returns/shopify/install'])
      expect((await get(signed(), path)).statusCode).toBe(404);
  });

  it('answers 404 for a shop that never installed the app', async () => {
    expect((await get(signed({ shop: 'stranger.myshopify.com' }))).statusCode).toBe(404);
  });
});
