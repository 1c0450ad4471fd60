import { calls, Code, merchantPath, ORDER_WEBHOOK, type Envelope, type OrderLine } from '@return-center/contract';
import { present } from '@return-center/domain';
import type { TestApp } from '../../../test/helper.js';
import { nowSeconds } from '../../clock.js';
import { signDelivery } from './webhook-signature.js';

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
