import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  BOOT_DATA_ID,
  bootData,
  type AnswerOf,
  type BootData,
  type CallDef,
  type calls,
  type Envelope,
  merchantPath,
  type ShopSettings,
} from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';

export const DEMO_SHOP = 'demo-shop.myshopify.com';

/** The envelope a client call of the contract answers with. */
export type Reply<C extends CallDef> = Envelope<AnswerOf<C>>;

import { present } from '@return-center/domain';

export { present };

const BOOT_BLOCK = new RegExp(`(<script type="application/json" id="${BOOT_DATA_ID}"[^>]*>)(.*?)(</script>)`);

/**
 * Serves the portal's pages with their boot data (the store configuration the server puts into the page) rewritten
 * by `edit`; answering null takes it out, so the portal asks getConfig instead.
 */
export async function withBootData(page: Page, edit: (boot: BootData) => BootData | null) {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(BOOT_BLOCK, (_block, open: string, json: string, close: string) => {
      const edited = edit(bootData.parse(JSON.parse(json)));
      return edited ? `${open}${JSON.stringify(edited).replace(/</g, '\\u003c')}${close}` : '';
    });
    // The body is sent decoded: the original encoding and length no longer apply.
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length'].includes(name)),
    );
    await route.fulfill({ status: response.status(), headers, body: html });
  });
}

/**
 * With E2E_SCREENSHOTS=1 (off by default: full-page PNGs cost CI a minute), saves the screen to
 * test-results/screenshots/<screen>-<width>.png, the whole page. The desktop project draws 1280 × 720 and the mobile
 * one 390 × 844, so a screen shot in a spec that both run is kept at both sizes, each by the project that shows it so.
 * `fullPage: false` keeps to the window, for a screen with a bar fixed to its bottom (drawn mid-page otherwise).
 */
export async function shoot(page: Page, screen: string, { fullPage = true } = {}) {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({
    path: join(test.info().project.outputDir, 'screenshots', `${screen}-${String(width)}.png`),
    fullPage,
    animations: 'disabled',
    caret: 'hide',
  });
}

/** Fails with every WCAG 2.2 AA violation axe finds now, but in `exclude` (a frame without scripts axe cannot enter). */
export async function expectNoAxeViolations(page: Page, screen: string, exclude?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  const { violations } = await (exclude ? builder.exclude(exclude) : builder).analyze();
  expect(violations.map((v) => `${screen}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

/** Reads the newest verification code mailed to `email` from the dev mailbox. */
export async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as {
        text: string;
      }[];
      code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
      return code;
    })
    .toBeTruthy();
  return present(code, `verification code mailed to ${email}`);
}

export async function loginWithOrder(page: Page, orderNumber: string, email: string, shop?: string) {
  await page.goto(shop ? `/?shop=${shop}` : '/');
  await page.getByRole('tab', { name: 'Order number' }).click();
  await page.getByRole('textbox', { name: 'Order number' }).fill(orderNumber);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Start Your Return' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
}

/** A fresh copy of a demo order that this test alone changes. */
export async function freshOrder(
  request: APIRequestContext,
  template: string,
): Promise<{ order_name: string; email: string }> {
  const response = await request.post('/dev/demo-orders', { data: { template } });
  return ((await response.json()) as Envelope<{ order_name: string; email: string }>).data;
}

/** A shopper signed in to a fresh copy of #1001, with what the tests need to know about the order. */
export interface Shopper {
  orderName: string;
  orderId: number;
  shirtLineId: number;
  headers: { authorization: string };
}

/**
 * Signs in to a fresh copy of #1001 through the API and hands the session to the page, as the login page would,
 * so that a test about a later screen starts there. `language` is the shopper's chosen language.
 */
export async function signedInShopper(page: Page, request: APIRequestContext, language = 'en'): Promise<Shopper> {
  const { order_name, email } = await freshOrder(request, '1001');
  return sessionOf(page, request, { shop: DEMO_SHOP, order_name, email }, language);
}

/**
 * As signedInShopper, in a shop of the test's own (shopWithSettings): its merchant first pushes an order of a Linen
 * Shirt, delivered two days ago, through the merchant API.
 */
export async function signedInShopperOf(
  page: Page,
  request: APIRequestContext,
  shop: { shop: string; headers: { authorization: string } },
): Promise<Shopper> {
  const now = Math.floor(Date.now() / 1000);
  const id = `e2e-${randomBytes(4).toString('hex')}`;
  const pushed = await request.put(merchantPath('upsertOrder', id), {
    headers: shop.headers,
    data: {
      name: '#1001',
      email: 'erin@example.com',
      currency: 'USD',
      created_at: now - 5 * 86_400,
      delivered_at: now - 2 * 86_400,
      lines: [{ id: 'li-1', title: 'Linen Shirt', variant_title: 'M', price: 4500, quantity: 1 }],
    },
  });
  expect(pushed.ok(), await pushed.text()).toBe(true);
  return sessionOf(page, request, { shop: shop.shop, order_name: '#1001', email: 'erin@example.com' });
}

async function sessionOf(
  page: Page,
  request: APIRequestContext,
  { shop, order_name, email }: { shop: string; order_name: string; email: string },
  language = 'en',
): Promise<Shopper> {
  const login = await request.post('/go-api/v1/client/login', {
    data: { email, order_number: order_name, shop_url: shop },
  });
  const { token } = ((await login.json()) as Reply<typeof calls.login>).data;
  const headers = { authorization: `Bearer ${token}` };
  const index = await request.post('/go-api/v1/client/index', { data: {}, headers });
  const orders = ((await index.json()) as Reply<typeof calls.index>).data.list;
  const order = present(orders[0], `order ${order_name} in the shopper's list`);
  const orderInfo = await request.post('/go-api/v1/client/orderInfo', { data: { order_id: order.id }, headers });
  const info = ((await orderInfo.json()) as Reply<typeof calls.orderInfo>).data;
  const shirt = present(
    info.yes.find((line) => line.title === 'Linen Shirt'),
    `Linen Shirt line of ${order_name}`,
  );
  await page.goto(shop === DEMO_SHOP ? '/' : `/?shop=${shop}`);
  await page.evaluate(
    (session) => {
      sessionStorage.setItem('return-token', session.token);
      sessionStorage.setItem('return-language', session.language);
    },
    { token, language },
  );
  return { orderName: order_name, orderId: order.id, shirtLineId: shirt.line_item_id, headers };
}

/** Stores a return form with the Linen Shirt chosen ("Doesn't suit me"), as steps 1–3 would leave it. */
export async function prefillReturnForm(
  page: Page,
  shopper: Shopper,
  choice: { solution_id: number | null; shipping_method_id: number | null },
) {
  const form = {
    order_product: {
      [shopper.shirtLineId]: {
        line_item_id: shopper.shirtLineId,
        quantity: 1,
        reason_id: 5,
        reason_text: "Doesn't suit me",
        reason_description: '',
        provide_proof: [],
      },
    },
    ...choice,
    idempotency_key: `e2e-form-${shopper.orderId}`,
  };
  await page.evaluate((stored) => localStorage.setItem(stored.key, stored.value), {
    key: `return-form:${shopper.orderId}`,
    value: JSON.stringify(form),
  });
}

/** Submits a return of the Linen Shirt for a refund through the API; returns the request id. */
export async function submitShirtReturn(request: APIRequestContext, shopper: Shopper, shippingMethodId = 2) {
  const submitted = await request.post('/v1/client/setReturnOrder', {
    headers: shopper.headers,
    data: oneLineReturn(
      { orderId: shopper.orderId, lineId: shopper.shirtLineId, idempotencyKey: `e2e-order-${shopper.orderId}` },
      { fields: { shipping_method_id: shippingMethodId } },
    ),
  });
  return ((await submitted.json()) as Reply<typeof calls.setReturnOrder>).data.request_id;
}

/** From the orders page, step 1: one item of the order chosen ("Doesn't suit me"), on to step 2. */
export async function chooseItem(page: Page, orderName: string, item: string) {
  await page.getByRole('article', { name: orderName }).getByRole('link', { name: 'Create return' }).click();
  await page.getByRole('checkbox', { name: item }).click();
  await page.getByRole('dialog').getByRole('radio', { name: "Doesn't suit me" }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** From the orders page: one item ("Doesn't suit me"), a refund, shipped on one's own; returns the order id. */
export async function walkToCheckStep(page: Page, orderName: string, item = 'Linen Shirt / M'): Promise<number> {
  await chooseItem(page, orderName, item);
  await page.getByRole('radio', { name: /Refund to original payment method/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /Ship on your own/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('total-refund')).toBeVisible();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

const root = join(import.meta.dirname, '../..');
/** The e2e server's database (the runner sets E2E_DATA_DIR; its workers inherit it). */
const suiteDatabase = () => `sqlite:${join(present(process.env.E2E_DATA_DIR, 'E2E_DATA_DIR'), 'db.sqlite')}`;

/** `shops …` of the merchant CLI built with the suite's server, as an operator runs it on the host, on its database. */
export function operator(database: string, ...args: string[]): unknown {
  const cli = join(root, 'apps/server/dist/merchant.js');
  const env = { ...process.env, DATABASE_URL: database };
  const run = spawnSync(process.execPath, [cli, 'shops', ...args, '--json'], { cwd: root, env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`shops ${args.join(' ')} exited ${String(run.status)}:\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
}

/** A new shop made with `shops create`: its domain and API key. */
export const createShop = (domain: string) =>
  operator(suiteDatabase(), 'create', domain) as { shop: string; api_key: string };

/**
 * A shop of this test's own with its console owner (`shops create` + `shops add-owner`), for tests that change a
 * shop's settings: the demo shop's are shared by every test running at the same time.
 */
export function shopWithOwner(): { shop: string; apiKey: string; email: string; password: string } {
  const domain = `console-${randomBytes(4).toString('hex')}.example`;
  const { api_key } = createShop(domain);
  const owner = operator(suiteDatabase(), 'add-owner', domain, '--email', `owner@${domain}`) as {
    email: string;
    password: string;
  };
  return { shop: domain, apiKey: api_key, ...owner };
}

/**
 * A shop of this test's own (`shops create`) whose settings are changed through the merchant API, as its merchant
 * would change them: the demo shop's settings are shared by every test running at the same time. Its portal is
 * `/?shop=<shop>` (the portal then remembers the shop for the tab).
 */
export async function shopWithSettings(
  request: APIRequestContext,
  change: (settings: ShopSettings) => void,
): Promise<{ shop: string; headers: { authorization: string } }> {
  const shop = `settings-${randomBytes(4).toString('hex')}.example`;
  const headers = { authorization: `Bearer ${createShop(shop).api_key}` };
  const current = await request.get('/merchant/v1/settings', { headers });
  const settings = ((await current.json()) as Envelope<ShopSettings>).data;
  change(settings);
  const saved = await request.put('/merchant/v1/settings', { headers, data: settings });
  expect(saved.ok(), await saved.text()).toBe(true);
  return { shop, headers };
}

/** Signs in at /admin/sign-in and waits for the requests page. */
export async function consoleSignIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/admin/sign-in');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Requests' })).toBeVisible();
}
