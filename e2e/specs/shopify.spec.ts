import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test, type Page } from '@playwright/test';
import { operator, present } from './support.js';

const root = join(import.meta.dirname, '../..');

interface Fake {
  origin: string;
  /** The shop's storefront, whose app proxy forwards /apps/returns/… to our server. */
  storefront: string;
  control: string;
  apiKey: string;
  secret: string;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Starts a process and answers the first line it prints. */
function start(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env } });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const lines = createInterface({ input: child.stdout });
  const firstLine = new Promise<string>((resolve) => lines.once('line', resolve));
  return { child, firstLine };
}

const domain = `e2e-${randomBytes(3).toString('hex')}.myshopify.com`;
const dataDir = mkdtempSync(join(tmpdir(), 'return-center-shopify-'));
const database = `sqlite:${join(dataDir, 'db.sqlite')}`;
let fake: Fake;
let base = '';
const children: ChildProcess[] = [];

// One server configured for Shopify, against the fake Admin API in a process of its own; the journey runs once.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${String(port)}`;
  const proxyUrl = `http://127.0.0.1:${String(port)}/apps/returns`;
  const fakeProcess = start(['--import', 'tsx', 'apps/server/test/fakes/shopify-fake-main.ts', domain, proxyUrl], {});
  children.push(fakeProcess.child);
  fake = JSON.parse(await fakeProcess.firstLine) as Fake;
  // The server as the e2e suite builds it (apps/server/dist), configured as an operator would for Shopify.
  const server = start(['--enable-source-maps', 'apps/server/dist/main.js'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database,
    UPLOAD_DIR: join(dataDir, 'uploads'),
    PUBLIC_URL: base,
    SEED_DEMO: 'false',
    STORE_PLATFORM: 'shopify',
    SHOPIFY_API_KEY: fake.apiKey,
    SHOPIFY_API_SECRET: fake.secret,
    SHOPIFY_TOKEN_KEY: randomBytes(24).toString('hex'),
    SHOPIFY_ADMIN_ORIGIN: fake.origin,
    LOGIN_LIMIT_PER_IP: '1000',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  });
  children.push(server.child);
  await expect
    .poll(async () => (await fetch(`${base}/health`).catch(() => null))?.status, { timeout: 30_000 })
    .toBe(200);
});

test.afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
});

/** Query parameters signed as Shopify signs its OAuth redirect: sorted `k=v` joined by `&`, hex HMAC-SHA256. */
function signed(params: Record<string, string>): URLSearchParams {
  const message = Object.keys(params)
    .sort()
    .map((key) => `${key}=${params[key] ?? ''}`)
    .join('&');
  return new URLSearchParams({ ...params, hmac: createHmac('sha256', fake.secret).update(message).digest('hex') });
}

async function consoleSignIn(page: Page, owner: { email: string; password: string }) {
  await page.goto(`${base}/admin/sign-in`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Requests' })).toBeVisible();
}

async function confirmAction(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name, exact: true }).click();
}

test('a Shopify shop installs the app, and a return goes from the portal to a refund at Shopify', async ({
  page,
  request,
}) => {
  // Install: our redirect to Shopify's grant screen, the merchant approves, Shopify calls back signed.
  const install = await request.get(`${base}/shopify/install?shop=${domain}`, { maxRedirects: 0 });
  expect(install.status()).toBe(302);
  const grant = new URL(present(install.headers().location, 'the redirect to Shopify'));
  expect(grant.pathname).toBe('/admin/oauth/authorize');
  const state = present(grant.searchParams.get('state'), 'state');
  const cookie = present(install.headers()['set-cookie'], 'the state cookie').split(';')[0] ?? '';
  const { code } = (await (await fetch(`${fake.control}/authorize`)).json()) as { code: string };
  const query = signed({ code, shop: domain, state, timestamp: String(Math.floor(Date.now() / 1000)) });
  const callback = await request.get(`${base}/shopify/callback?${query.toString()}`, {
    headers: { cookie },
    maxRedirects: 0,
  });
  expect(callback.status()).toBe(302);
  const owner = operator(database, 'add-owner', domain, '--email', `owner@${domain}`) as {
    email: string;
    password: string;
  };

  // The shopper finds the Shopify order and returns the shirt, on the shop's own domain through the app proxy.
  const portal = `${fake.storefront}/apps/returns`;
  const elsewhere: string[] = [];
  const noteElsewhere = (url: string) => {
    if (!url.startsWith(`${portal}/`) && url !== portal && !/^(data|blob):/.test(url)) elsewhere.push(url);
  };
  page.on('request', (asked) => noteElsewhere(asked.url()));
  await page.goto(portal);
  await page.getByRole('tab', { name: 'Order number' }).click();
  await page.getByRole('textbox', { name: 'Order number' }).fill('#1001');
  await page.getByLabel('Email address').fill('alice@example.com');
  await page.getByRole('button', { name: 'Start Your Return' }).click();
  await page.getByRole('article', { name: '#1001' }).getByRole('link', { name: 'Create return' }).click();
  await page.getByRole('checkbox', { name: 'Linen Shirt / M' }).click();
  await page.getByRole('dialog').getByRole('radio', { name: "Doesn't suit me" }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /Refund to original payment method/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /Ship on your own/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('total-refund')).toHaveText('$52.92');
  await page.getByRole('button', { name: 'Submit return request' }).click();
  await page.waitForURL(/\/apps\/returns\/status-manage\/return-details\/\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const statusPage = page.url();
  page.removeAllListeners('request');
  // The page, its files and every call stayed on the shop's domain, under the proxy's path, and each was forwarded.
  expect(elsewhere).toEqual([]);
  const proxied = (await (await fetch(`${fake.control}/proxied`)).json()) as {
    method: string;
    path: string;
    status: number;
  }[];
  expect(proxied.filter((call) => call.status >= 400)).toEqual([]);
  expect(proxied).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ method: 'GET', path: '/apps/returns' }),
      expect.objectContaining({
        method: 'POST',
        path: expect.stringMatching(/^\/apps\/returns\/.+\/setReturnOrder$/),
        status: 200,
      }),
    ]),
  );

  // The merchant approves, receives and refunds it in the console; the refund is made at Shopify.
  await consoleSignIn(page, owner);
  await page.getByRole('link', { name: '#1001', exact: true }).click();
  await confirmAction(page, 'Approve');
  await expect(page.locator('.request-meta').getByText('Approved')).toBeVisible();
  await confirmAction(page, 'Mark received');
  await expect(page.locator('.request-meta').getByText('Received')).toBeVisible();
  await confirmAction(page, 'Refund');
  await expect(page.getByRole('row', { name: /Paid out \(refunded\)/ })).toContainText('$52.92', { timeout: 20_000 });

  // Back on the shop's domain, the shopper's status page shows the refund.
  await page.goto(statusPage);
  await expect(page.getByText('Refunded', { exact: true })).toBeVisible({ timeout: 20_000 });

  // Every call the journey made is in the fake's log: the order read, the return requested and approved, one refund.
  const log = (await (await fetch(`${fake.control}/log`)).json()) as {
    operation: string;
    outcome: string;
    variables: { input?: { refundLineItems?: { quantity: number; restockType: string }[] } };
  }[];
  const operations = log.map((call) => call.operation);
  expect(operations).toEqual(expect.arrayContaining(['RefundCreate']));
  expect(operations.filter((name) => name === 'RefundCreate')).toHaveLength(1);
  // The refund names the shirt that came back, so Shopify marks it refunded and puts it back in stock.
  const refund = log.find((call) => call.operation === 'RefundCreate' && call.outcome === 'answered');
  expect(refund?.variables.input?.refundLineItems).toEqual([
    expect.objectContaining({ quantity: 1, restockType: 'RETURN' }),
  ]);
  expect(operations).toEqual(expect.arrayContaining(['Orders', 'ReturnRequest', 'ReturnApproveRequest']));
  expect(operations.filter((name) => name === 'ReturnRequest')).toHaveLength(1);
  // The fake's bucket is small (2000 points, 100 a second): a THROTTLED answer may come, and is waited out and retried.
  expect(log.filter((call) => !['answered', 'throttled'].includes(call.outcome))).toEqual([]);
});
