/**
 * What the browser figures need from the running server, through its HTTP API only: a shopper's order to sign in
 * with, and a submitted return for the status page.
 */
import { calls, Code, type AnswerOf, type CallDef, type Envelope } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { present } from '@return-center/domain';

/** Chromium as every browser of the bench starts it (the flags of the brief; chrome-launcher adds its own). */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The demo's order-number login (README, e2e): #1001 of alice@example.com, or a fresh copy of it. */
export const DEMO_TEMPLATE = '1001';
export const DEMO_EMAIL = 'alice@example.com';

export interface OrderLogin {
  orderNumber: string;
  email: string;
  /** A copy made for this run (DEV_TOOLS); false for the seeded #1001 itself, which runs share. */
  fresh: boolean;
}

async function post<C extends CallDef & { path: string }>(
  baseUrl: string,
  call: C,
  payload: unknown,
  token?: string,
): Promise<AnswerOf<C>> {
  const response = await fetch(new URL(call.path, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(payload),
  });
  const body = (await response.json()) as Envelope<AnswerOf<C>>;
  if (!response.ok || body.code !== Code.Success) throw new Error(`${call.name}: HTTP ${response.status}, ${body.msg}`);
  return body.data;
}

/**
 * An order to sign in with: a fresh copy of #1001 when the server has DEV_TOOLS (POST /dev/demo-orders), so that
 * the journey can be walked and a return submitted on every run; else the seeded #1001.
 */
export async function orderToSignInWith(baseUrl: string): Promise<OrderLogin> {
  const response = await fetch(new URL('/dev/demo-orders', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ template: DEMO_TEMPLATE }),
  });
  if (response.status === 404) return { orderNumber: `#${DEMO_TEMPLATE}`, email: DEMO_EMAIL, fresh: false };
  const body = (await response.json()) as Envelope<{ order_name: string; email: string }>;
  if (!response.ok) throw new Error(`POST /dev/demo-orders: HTTP ${response.status}, ${body.msg}`);
  return { orderNumber: body.data.order_name, email: body.data.email, fresh: true };
}

/** The signed-in order's id, its returnable Linen Shirt line and its return request, if any. */
export async function orderOfSession(baseUrl: string, token: string) {
  const { list } = await post(baseUrl, calls.index, {}, token);
  const order = present(list[0], "the session's order");
  const info = await post(baseUrl, calls.orderInfo, { order_id: order.id }, token);
  const shirt = info.yes.find((line) => line.title === 'Linen Shirt');
  const request = (await post(baseUrl, calls.orderReturnList, { order_id: order.id }, token)).list[0];
  return { orderId: order.id, shirtLineId: shirt?.line_item_id ?? null, requestId: request?.id ?? null };
}

/**
 * A submitted return of the session's order, for the status page: the Linen Shirt, "Doesn't suit me", refunded to
 * the original payment method and shipped on one's own (as e2e's submitShirtReturn). If the order already has a
 * request (the shared #1001 on a server without DEV_TOOLS), that one.
 */
export async function submittedReturn(baseUrl: string, token: string): Promise<{ orderId: number; requestId: number }> {
  const { orderId, shirtLineId, requestId } = await orderOfSession(baseUrl, token);
  if (requestId !== null) return { orderId, requestId };
  const line = present(shirtLineId, 'a returnable Linen Shirt line');
  const { request_id } = await post(
    baseUrl,
    calls.setReturnOrder,
    oneLineReturn({ orderId, lineId: line, idempotencyKey: `bench-browser-${orderId}` }),
    token,
  );
  return { orderId, requestId: request_id };
}
