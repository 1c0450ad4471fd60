import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { calls, Code, merchantPath, ORDER_WEBHOOK, type Envelope, type OrderLine } from '@return-center/contract';
import { present } from '@return-center/domain';
import type { TestApp } from '../../../test/helper.js';
import { nowSeconds } from '../../clock.js';
import { signDelivery } from './webhook-signature.js';
import { z } from 'zod';

/** A WooCommerce-like order as a merchant's store would push it. */
export const order = (overrides: Record<string, unknown> = {}) => ({
  name: '#1001',
  email: 'Erin@Example.com',
  phone: '+1 555 0100',
  first_name: 'Erin',
  last_name: 'Lee',
  currency: 'EUR',
  created_at: Math.floor(Date.UTC(2026, 10, 15) / 1000),
  delivered_at: Math.floor(Date.UTC(2026, 10, 18) / 1000),
  shipping: 495,
  lines: [
    { id: 'li-1', title: 'Rain Jacket', variant_title: 'M', sku: 'RJ-M', price: 8900, quantity: 1, tax: 1780 },
    { id: 'li-2', title: 'Wool Socks', sku: 'WS', price: 1200, quantity: 3, discount: 600, tax: 600 },
  ],
  ...overrides,
});

export interface FedShop {
  shop: { shopUrl: string };
  apiKey: string;
  webhookSecret: string;
}

/** A merchant API call with the shop's key. */
export async function merchantCall<T = unknown>(
  t: TestApp,
  key: string,
  method: 'PUT' | 'POST',
  path: string,
  payload: unknown,
) {
  const response = await t.app.inject({
    method,
    url: path,
    payload: payload as object,
    headers: { authorization: `Bearer ${key}` },
  });
  return { status: response.statusCode, body: response.json<Envelope<T>>() };
}

/** Posts raw bytes to the order webhook with the given headers. */
export async function deliver(t: TestApp, body: string, headers: Record<string, string>) {
  const response = await t.app.inject({
    method: 'POST',
    url: merchantPath('orderWebhook'),
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });
  return {
    status: response.statusCode,
    body: response.json<Envelope<{ created: boolean; duplicate: boolean } | null>>(),
  };
}

/** The headers a Standard Webhooks sender sets for `body` as delivery `id`, signed now (or at `timestamp`). */
export const signedHeaders = (
  t: TestApp,
  fed: FedShop,
  body: string,
  id: string,
  { secret = fed.webhookSecret, timestamp = nowSeconds(t.clock) } = {},
) => ({
  [ORDER_WEBHOOK.shopHeader]: fed.shop.shopUrl,
  [ORDER_WEBHOOK.idHeader]: id,
  [ORDER_WEBHOOK.timestampHeader]: String(timestamp),
  [ORDER_WEBHOOK.signatureHeader]: signDelivery(secret, { id, timestamp, body }),
});

/** What a shopper of `shopUrl` sees after signing in with the order number and email, or null when they cannot. */
export async function shopperView(t: TestApp, shopUrl: string, number: string, email: string) {
  const login = await t.call(calls.login, { shop_url: shopUrl, email, order_number: number });
  if (login.body.code !== Code.Success) return null;
  const token = login.body.data.token;
  const orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], 'the order').id;
  const info = (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data;
  const byTitle = (lines: OrderLine[]) => Object.fromEntries(lines.map((l) => [l.title, l]));
  return { yes: byTitle(info.yes), no: byTitle(info.no) };
}

/** docs/feeding-orders.md and its WooCommerce example (feeding-docs and woocommerce-example tests). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..');
export const DOC = join(ROOT, 'docs/feeding-orders.md');
export const EXAMPLE = join(ROOT, 'docs/examples/woocommerce');
export const SCRIPT = join(EXAMPLE, 'push-orders.mjs');
export const SAMPLE = join(EXAMPLE, 'orders.sample.json');
export const SAMPLE_REFUNDS = join(EXAMPLE, 'refunds-5003.sample.json');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the example as a merchant would: its own Node process, only the environment it is given. */
export function runExample(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [SCRIPT, ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', fail);
    child.on('close', (code) => {
      done({ code, stdout, stderr });
    });
  });
}

/** Runs shell commands of the page with bash in `cwd`, with only PATH and `env` in the environment. */
export function runShell(script: string, cwd: string, env: Record<string, string>): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn('bash', ['--norc', '--noprofile', '-c', `set -euo pipefail\n${script}`], {
      cwd,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let [stdout, stderr] = ['', ''];
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => {
      done({ code, stdout, stderr });
    });
  });
}

export const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
export const readDoc = () => readFile(DOC, 'utf8');
/** The page's code blocks of one language, in order. */
export const blocks = async (language: string) =>
  [...(await readDoc()).matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1] ?? '');
const jsonObject = z.record(z.string(), z.unknown());
export const jsonBlocks = async () => (await blocks('json')).map((block) => jsonObject.parse(JSON.parse(block)));

/** The store's API credentials the fake WooCommerce expects. */
const WC_KEY = 'ck_test';
const WC_SECRET = 'cs_test';

/** What the test reads of the sample export: enough to know what each shopper should see. */
export const sampleOrders = z.array(
  z.object({
    id: z.number(),
    number: z.string(),
    status: z.string(),
    currency: z.string(),
    total: z.string(),
    billing: z.object({ email: z.string() }),
  }),
);

/** A WooCommerce that answers GET /wp-json/wc/v3/orders/{id}/refunds for the given orders. */
export async function fakeWooCommerce(refunds: Record<string, unknown>) {
  const expected = `Basic ${Buffer.from(`${WC_KEY}:${WC_SECRET}`).toString('base64')}`;
  const asked: string[] = [];
  const server = createServer((request, response) => {
    asked.push(request.url ?? '');
    const id = /^\/wp-json\/wc\/v3\/orders\/(\d+)\/refunds\?per_page=100$/.exec(request.url ?? '')?.[1];
    const body = id === undefined ? undefined : refunds[id];
    const status = request.headers.authorization !== expected ? 401 : body === undefined ? 404 : 200;
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? { code: 'error' }));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    env: { WC_URL: `http://127.0.0.1:${port}`, WC_CONSUMER_KEY: WC_KEY, WC_CONSUMER_SECRET: WC_SECRET },
    asked,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}
