import { createHmac } from 'node:crypto';
import { BOOT_DATA_ID } from '@return-center/contract';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeShopifyAdmin } from '../../../test/fakes/shopify-admin-server.js';
import type { FakeShop } from '../../../test/fakes/shopify-admin-shop.js';
import { dialects, START, type TestApp } from '../../../test/helper.js';
import { install, shopifyApp } from '../../../test/shopify.js';

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
    // A portal build of one page: the shop the page opens on is what the proxy decides.
    const dist = mkdtempSync(join(tmpdir(), 'rc-portal-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><meta name="return-center-shop" content="%RETURN_CENTER_SHOP%" /></head></html>',
    );
    ({ t, fake, shop } = await shopifyApp(dialect, { PORTAL_DIST: dist, DEFAULT_SHOP: 'demo-shop.myshopify.com' }));
    await install(t, fake, shop);
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  const get = (query: Record<string, string | string[]>, path = '/apps/returns') =>
    t.app.inject({ method: 'GET', url: path, query });
  const params = (fields: Record<string, string | string[]> = {}) => ({
    shop: shop.domain,
    path_prefix: '/apps/returns',
    timestamp: String(NOW),
    logged_in_customer_id: '',
    ...fields,
  });

  it('serves the portal opened on the shop that signed request names', async () => {
    for (const path of ['/apps/returns', '/apps/returns/orders']) {
      const page = await get(proxied(params(), fake.oauth.app.secret), path);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain(`<meta name="return-center-shop" content="${shop.domain}" />`);
      // The shop's configuration rides along for the first paint.
      expect(page.body).toContain(`id="${BOOT_DATA_ID}"`);
      expect(page.headers['content-security-policy']).toContain('frame-ancestors');
    }
  });

  it('checks repeated parameters joined by commas', async () => {
    const page = await get(proxied(params({ extra: ['1', '2'] }), fake.oauth.app.secret));
    expect(page.statusCode).toBe(200);
  });

  it('refuses a bad signature, a changed parameter, or a timestamp more than 90 s away', async () => {
    const signed = proxied(params(), fake.oauth.app.secret);
    expect((await get({ ...signed, signature: '0'.repeat(64) })).statusCode).toBe(401);
    expect((await get({ ...signed, shop: 'other.myshopify.com' })).statusCode).toBe(401);
    expect((await get(params())).statusCode).toBe(401);
    expect((await get(proxied(params({ timestamp: String(NOW - 91) }), fake.oauth.app.secret))).statusCode).toBe(401);
    expect((await get(proxied(params({ timestamp: String(NOW + 91) }), fake.oauth.app.secret))).statusCode).toBe(401);
    expect((await get(proxied(params({ timestamp: String(NOW - 90) }), fake.oauth.app.secret))).statusCode).toBe(200);
  });

  it('answers 404 for a shop that never installed the app', async () => {
    const signed = proxied(params({ shop: 'stranger.myshopify.com' }), fake.oauth.app.secret);
    expect((await get(signed)).statusCode).toBe(404);
  });
});
