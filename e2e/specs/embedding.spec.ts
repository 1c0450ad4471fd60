import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import type { Envelope, PortalMessage, ShopSettings } from '@return-center/contract';
import { present } from './support.js';

const merchant = { authorization: 'Bearer demo-merchant-key' };

/** The shop page's window, which records every message it receives (see the page's first script). */
type ShopWindow = typeof window & { received: { origin: string; data: PortalMessage }[] };

/** A shop's own site on another loopback origin, serving whatever page a test gives it. */
async function startSite(
  html: (portal: string) => string,
  portal: string,
): Promise<{ origin: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(html(portal));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

test.describe.configure({ mode: 'serial' });

test('an allowlisted shop page embeds the portal, and messages flow both ways', async ({ page, request, baseURL }) => {
  const portalBase = present(baseURL, 'baseURL');
  const site = await startSite(
    (portal) => `<!doctype html><html lang="ar" dir="rtl"><title>Shop</title><body>
      <h1>Shop page</h1><div id="return-center"></div>
      <script>window.received = []; addEventListener('message', (e) => window.received.push({ origin: e.origin, data: e.data }));</script>
      <script src="${portal}/embed.js" data-shop="demo-shop.myshopify.com" data-locale="en"></script>
    </body></html>`,
    portalBase,
  );
  const settings = (
    (await (await request.get('/merchant/v1/settings', { headers: merchant })).json()) as Envelope<ShopSettings>
  ).data;
  settings.embed_origins = [...settings.embed_origins, site.origin];
  expect((await request.put('/merchant/v1/settings', { headers: merchant, data: settings })).ok()).toBe(true);

  await page.goto(`${site.origin}/returns`);
  const frame = page.frameLocator('iframe[title="Returns and exchanges"]');
  await expect(frame.getByRole('tab', { name: 'Order number' })).toBeVisible();

  // Portal → parent: ready, route and size, sent to the parent's exact origin.
  await expect
    .poll(() => page.evaluate(() => (window as ShopWindow).received.map((m) => m.data.type)))
    .toEqual(expect.arrayContaining(['pp_return:ready', 'pp_return:route', 'pp_return:resize']));
  const origins = await page.evaluate(() => [...new Set((window as ShopWindow).received.map((m) => m.origin))]);
  expect(origins).toEqual([new URL(portalBase).origin]);
  await expect
    .poll(() => page.locator('iframe').evaluate((el) => parseInt((el as HTMLIFrameElement).style.height) || 0))
    .toBeGreaterThan(300);

  /** The allowlisted parent page sends the portal an init message with a text direction. */
  const initFromParent = (direction: 'ltr' | 'rtl') =>
    page.evaluate(
      ({ origin, dir }) => {
        const portalWindow = document.querySelector('iframe')?.contentWindow;
        if (!portalWindow) throw new Error('The portal iframe has no window');
        portalWindow.postMessage({ type: 'pp_return:init', direction: dir }, origin);
      },
      { origin: new URL(portalBase).origin, dir: direction },
    );

  // Parent → portal: the embed script's init applied the parent's direction (rtl).
  const portal = present(
    page.frames().find((f) => f.url().startsWith(portalBase)),
    'the portal frame',
  );
  await expect.poll(() => portal.evaluate(() => document.documentElement.dir)).toBe('rtl');

  // A message that does not come from the allowlisted parent is ignored. The portal's own listener was added first,
  // so once this later listener has seen the message, the portal has handled it.
  const dirAfterForeignMessage = await portal.evaluate(
    () =>
      new Promise<string>((resolve) => {
        window.addEventListener('message', () => resolve(document.documentElement.dir), { once: true });
        window.postMessage({ type: 'pp_return:init', direction: 'ltr' }, '*');
      }),
  );
  expect(dirAfterForeignMessage).toBe('rtl');
  // The allowlisted parent can switch it back.
  await initFromParent('ltr');
  await expect.poll(() => portal.evaluate(() => document.documentElement.dir)).toBe('ltr');

  // Once the shopper picks a language themselves, its direction takes over from the parent's.
  await initFromParent('rtl');
  await expect.poll(() => portal.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await frame.getByLabel('Language').selectOption('fr');
  await expect(frame.getByRole('tab', { name: 'Code par e-mail' })).toBeVisible();
  await expect.poll(() => portal.evaluate(() => document.documentElement.dir)).toBe('ltr');
  site.server.close();
});

test('a Norwegian shop page (lang="no") gets the portal in Norwegian (nb)', async ({ page, request, baseURL }) => {
  const portalBase = present(baseURL, 'baseURL');
  const site = await startSite(
    (portal) => `<!doctype html><html lang="no"><title>Butikk</title><body><div id="return-center"></div>
      <script src="${portal}/embed.js" data-shop="demo-shop.myshopify.com"></script>
    </body></html>`,
    portalBase,
  );
  const settings = (
    (await (await request.get('/merchant/v1/settings', { headers: merchant })).json()) as Envelope<ShopSettings>
  ).data;
  settings.embed_origins = [...settings.embed_origins, site.origin];
  expect((await request.put('/merchant/v1/settings', { headers: merchant, data: settings })).ok()).toBe(true);

  await page.goto(`${site.origin}/returns`);
  const frame = page.frameLocator('iframe[title="Returns and exchanges"]');
  await expect(frame.getByRole('tab', { name: 'Ordrenummer' })).toBeVisible();
  await expect(frame.locator('html')).toHaveAttribute('lang', 'nb');
  site.server.close();
});

test('a site that is not on the allowlist cannot frame the portal', async ({ page, baseURL }) => {
  const portalBase = present(baseURL, 'baseURL');
  const stranger = await startSite(
    (portal) => `<!doctype html><title>Other</title><iframe title="portal" src="${portal}/"></iframe>`,
    portalBase,
  );
  const refused = page.waitForEvent('console', {
    predicate: (msg) => /frame-ancestors/.test(msg.text()),
    timeout: 10_000,
  });
  await page.goto(stranger.origin);
  // Chromium blocks the portal because of its CSP frame-ancestors, which does not name this site.
  const refusal = (await refused).text();
  expect(refusal).toContain(`Framing '${portalBase}/' violates`);
  expect(refusal).not.toContain(stranger.origin);
  // The frame is there but holds Chromium's error page instead of the portal: nothing of the sign-in shows.
  const content = present(
    await (await page.locator('iframe[title="portal"]').elementHandle()).contentFrame(),
    'the content frame of the refused portal',
  );
  await expect.poll(() => content.url()).toBe('chrome-error://chromewebdata/');
  await expect(page.frameLocator('iframe[title="portal"]').getByRole('tab')).toHaveCount(0);
  stranger.server.close();
});
