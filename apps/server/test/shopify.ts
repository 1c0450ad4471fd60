import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls, feedOrder } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { present } from '@return-center/domain';
import sharp from 'sharp';
import { sign } from '../src/modules/shopify/shopify-signatures.js';
import { startFakeShopifyAdmin, type FakeShopifyAdmin } from './fakes/shopify-admin-server.js';
import type { FakeShop } from './fakes/shopify-admin-shop.js';
import { buildTestApp, START, type TestApp } from './helper.js';
import type { Dialect } from '../src/db/database.js';
import type { Config } from '../src/config.js';

export const PUBLIC_URL = 'https://returns.example.com';

/** The real app configured for Shopify against the fake Admin API, with one shop on the fake not yet installed. */
export async function shopifyApp(
  dialect: Dialect,
  overrides: Partial<Record<keyof Config, string>> = {},
): Promise<{ t: TestApp; fake: FakeShopifyAdmin; shop: FakeShop }> {
  const fake = await startFakeShopifyAdmin({ limits: { maximumAvailable: 1_000_000, restoreRate: 1_000_000 } });
  const t = await buildTestApp(dialect, {
    SEED_DEMO: 'false',
    STORE_PLATFORM: 'shopify',
    SHOPIFY_API_KEY: fake.oauth.app.apiKey,
    SHOPIFY_API_SECRET: fake.oauth.app.secret,
    SHOPIFY_TOKEN_KEY: 'k'.repeat(40),
    SHOPIFY_ADMIN_ORIGIN: fake.origin,
    PUBLIC_URL,
    UPLOAD_DIR: mkdtempSync(join(tmpdir(), 'shopify-uploads-')),
    ...overrides,
  });
  const shop = fake.addShop({ domain: 'cool-socks.myshopify.com' });
  return { t, fake, shop };
}

/** Query parameters as Shopify signs an OAuth redirect (sorted `k=v` joined by `&`, hex). */
export function signedQuery(params: Record<string, string>, secret: string): Record<string, string> {
  const message = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k] ?? ''}`)
    .join('&');
  return { ...params, hmac: sign.query(message, secret) };
}

/**
 * Runs the install as the merchant's browser would: /shopify/install, Shopify's grant, /shopify/callback (signed now
 * by the app's clock, or `timestampSkew` seconds off; with the code Shopify gave, or another).
 */
export async function install(
  t: TestApp,
  fake: FakeShopifyAdmin,
  shop: FakeShop,
  options: { code?: string; timestampSkew?: number; start?: Awaited<ReturnType<TestApp['app']['inject']>> } = {},
) {
  const start =
    options.start ?? (await t.app.inject({ method: 'GET', url: '/shopify/install', query: { shop: shop.domain } }));
  const state = present(new URL(String(start.headers.location)).searchParams.get('state'), 'state');
  const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
  const timestamp = String(Math.floor(t.clock.nowMs() / 1000) + (options.timestampSkew ?? 0));
  const query = signedQuery(
    { code: options.code ?? fake.oauth.authorize(shop), shop: shop.domain, state, timestamp },
    fake.oauth.app.secret,
  );
  const callback = await t.app.inject({ method: 'GET', url: '/shopify/callback', query, headers: { cookie } });
  return { start, callback, query, cookie };
}

export const shopifyOrder = (name: string, email = 'alice@example.com') =>
  feedOrder.parse({
    id: name,
    name: `#${name}`,
    email,
    currency: 'USD',
    created_at: Math.floor(START / 1000) - 3 * 86_400,
    fulfilled_at: Math.floor(START / 1000) - 2 * 86_400,
    delivered_at: Math.floor(START / 1000) - 86_400,
    shipping: 500,
    lines: [
      { id: `${name}-1`, title: 'Linen Shirt', variant_title: 'M', price: 4900, quantity: 2, discount: 0, tax: 0 },
    ],
  });

/**
 * Signs in by order number on the Shopify shop and submits a return of one unit, with a photo of it when asked, for
 * these new items when an exchange; answers the request's id and the photo's URL ('' without one).
 */
export async function submitShopifyReturn(
  t: TestApp,
  domain: string,
  orderNumber: string,
  email = 'alice@example.com',
  options: { photo?: boolean; exchange?: { variant_id: number; quantity: number }[] } = {},
) {
  const login = await t.call(calls.login, { shop_url: domain, email, order_number: orderNumber });
  if (login.body.code !== 1000) throw new Error(`login failed: ${login.body.msg}`);
  const token = login.body.data.token;
  const photo = options.photo ? await uploadPhoto(t, token) : '';
  const orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], 'first order').id;
  const info = (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data;
  const line = present(info.yes[0], 'a returnable line');
  const submit = oneLineReturn(
    { orderId, lineId: line.line_item_id, idempotencyKey: randomBytes(12).toString('hex') },
    {
      reason: {
        reason_text: 'Too tight, says Alice',
        reason_description: 'Alice Smith, 1 Main St',
        provide_proof: photo ? [photo] : [],
      },
      ...(options.exchange
        ? { fields: { solution_id: 5, type: 2, shipping_method_id: 2, exchange_line_items: options.exchange } }
        : {}),
    },
  );
  const { body } = await t.call(calls.setReturnOrder, submit, token);
  if (body.code !== 1000) throw new Error(`submit failed: ${body.msg}`);
  return { orderId, requestId: body.data.request_id, photo };
}

/** A photo sent as the portal sends one (key, PUT to the disk storage, callback); answers its URL. */
export async function uploadPhoto(t: TestApp, token: string): Promise<string> {
  const key = (await t.call(calls.getUploadKey, { filename: 'parcel.png' }, token)).body.data.data;
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  await t.app.inject({ method: 'PUT', url: key.url, payload: png, headers: { 'content-type': 'image/png' } });
  const done = (await t.call(calls.uploadCallback, { url: key.output_url }, token)).body;
  if (done.code !== 1000) throw new Error(`upload failed: ${done.msg}`);
  return done.data.ossUrl;
}
