import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls, Code, type Envelope } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, patchSettings, shop, type TestApp } from '../../test/helper.js';

describe.each(dialects)('HTTP edge on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'portal-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<meta name="return-center-shop" content="%RETURN_CENTER_SHOP%"><div id="root"></div>',
    );
    t = await buildTestApp(dialect, { PORTAL_DIST: dist });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it('answers malformed JSON, wrong types and missing fields with a readable envelope', async () => {
    const malformed = await post(calls.login.path, '{"email":');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ code: Code.InvalidInput, msg: 'Malformed JSON body', data: null });
    const wrongType = await post(calls.login.path, JSON.stringify({ shop_url: shop, email: 42 }));
    const wrongTypeAnswer = wrongType.json<Envelope<unknown>>();
    expect(wrongTypeAnswer.code).toBe(Code.InvalidInput);
    expect(wrongTypeAnswer.msg).toMatch(/^email: /);
    const missing = await post(calls.loginCode.path, JSON.stringify({}));
    expect(missing.json<Envelope<unknown>>().msg).toMatch(/email/);
  });

  it('refuses an oversized body without a 500', async () => {
    const response = await post(calls.login.path, JSON.stringify({ email: 'x'.repeat(300_000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: Code.InvalidInput, msg: 'Request body is too large' });
  });

  it('refuses a non-JSON content type clearly', async () => {
    const response = await post(calls.login.path, 'email=a', 'text/plain');
    expect(response.statusCode).toBe(415);
    expect(response.json<Envelope<unknown>>().code).toBe(Code.InvalidInput);
  });

  it('answers an over-long or malformed path id in the envelope', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/merchant/v1/requests/${'9'.repeat(200)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ code: Code.InvalidInput, data: null });
    const bad = await t.app.inject({ method: 'GET', url: '/merchant/v1/requests/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: Code.InvalidInput, data: null });
  });

  it('serves every call under both API bases', async () => {
    const a = await post('/go-api/v1/client/pageSetting', JSON.stringify({ shop_url: shop }));
    const b = await post('/v1/client/pageSetting', JSON.stringify({ shop_url: shop }));
    expect(a.json<Envelope<unknown>>().code).toBe(Code.Success);
    expect(b.json()).toEqual(a.json());
  });

  it('gives an unknown API path a 404 envelope and an unknown page the portal', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/go-api/v1/client/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 404 });
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
    const page = await t.app.inject({ method: 'GET', url: '/process-manage/unknown/12' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('content="demo-shop.myshopify.com"');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'/);
    expect(page.headers['content-security-policy']).toContain("object-src 'none'");
    expect(page.headers['content-security-policy']).toContain("base-uri 'none'");
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'self'$/);
    await patchSettings(t, (settings) => (settings.embed_origins = ['https://shop.example']));
    const framed = await t.app.inject({ method: 'GET', url: '/?shop=demo-shop.myshopify.com' });
    expect(framed.headers['content-security-policy']).toMatch(/frame-ancestors 'self' https:\/\/shop\.example$/);
  });

  it('gives every page a fresh nonce, on its scripts and styles and in its CSP', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'portal-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<meta property="csp-nonce" nonce="RETURN_CENTER_NONCE"><script type="module" src="/a.js" nonce="RETURN_CENTER_NONCE"></script>',
    );
    const app = await t.restart({ PORTAL_DIST: dist });
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const page = await app.inject({ method: 'GET', url: '/' });
      const nonce = present(
        /script-src 'nonce-([^']+)'/.exec(page.headers['content-security-policy'] as string)?.[1],
        'script nonce in the CSP',
      );
      expect(page.body).toBe(
        `<meta property="csp-nonce" nonce="${nonce}"><script type="module" src="/a.js" nonce="${nonce}"></script>`,
      );
      expect(page.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('lets styles, images and fonts load only from us and the shop’s own asset origins', async () => {
    const csp = async () =>
      (await t.app.inject({ method: 'GET', url: '/?shop=demo-shop.myshopify.com' })).headers[
        'content-security-policy'
      ] as string;
    const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));
    expect(directive(await csp(), 'style-src')).toMatch(/^style-src 'self' 'nonce-[^']+'$/);
    expect(directive(await csp(), 'img-src')).toBe("img-src 'self' data: blob:");
    await patchSettings(t, (settings) => {
      settings.style.background_image = 'https://cdn.shop.example/bg.jpg';
      settings.style.font_family = {
        font: 'Inter',
        isDefault: false,
        link: 'https://fonts.googleapis.com/css2?family=Inter',
      };
    });
    const policy = await csp();
    expect(directive(policy, 'img-src')).toBe(
      "img-src 'self' data: blob: https://cdn.shop.example https://fonts.googleapis.com https://fonts.gstatic.com",
    );
    expect(directive(policy, 'font-src')).toContain('https://fonts.gstatic.com');
    expect(policy).not.toMatch(/(style|img|font)-src [^;]*https:(;|$| )/);
    await patchSettings(t, (settings) => {
      settings.style.background_image = '';
      settings.style.font_family = { font: 'system-ui', isDefault: true, link: '' };
    });
  });

  it('reports health', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('serves the catalogue images', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/catalogue/linen-shirt.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
  });
});

describe.each(dialects)('dev tools on %s', (dialect) => {
  it('copies a demo order under a new number only when DEV_TOOLS is on', async () => {
    const off = await buildTestApp(dialect);
    expect(
      (await off.app.inject({ method: 'POST', url: '/dev/demo-orders', payload: { template: '1001' } })).statusCode,
    ).toBe(404);
    await off.close();
    const on = await buildTestApp(dialect, { DEV_TOOLS: 'true' });
    const created = (
      await on.app.inject({ method: 'POST', url: '/dev/demo-orders', payload: { template: '1001' } })
    ).json<Envelope<{ order_name: string; email: string; phone: string }>>();
    expect(created.data.order_name).toMatch(/^#\d{5}$/);
    expect(created.data).toMatchObject({ email: 'alice@example.com' });
    const login = await on.call(calls.login, {
      shop_url: shop,
      email: 'alice@example.com',
      order_number: created.data.order_name,
    });
    const list = await on.call(calls.index, {}, login.body.data.token);
    expect(list.body.data.list[0]).toMatchObject({
      order_name: created.data.order_name,
      item_count: 4,
      total_price_set: { money: 24994 },
    });
    await on.close();
  });
});
