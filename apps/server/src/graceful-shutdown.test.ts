import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls, MERCHANT_BASE, RequestStatus, type AnswerOf, type Envelope } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { present } from '@return-center/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, mailedCode, prepareDatabase, ServerProcess } from '../hardening/server-process.js';
import { dialects } from '../test/helper.js';
import { LocalStorePlatform } from './adapters/store-platform/local.js';
import { nowSeconds, systemClock } from './clock.js';
import { createDb, type Db } from './db/database.js';
import { copiesOfDemoOrder, DEMO_ORDERS } from './demo/demo-orders.js';
import { DEMO_SHOP } from './demo/demo-shop.js';

const root = new URL('../../../', import.meta.url).pathname;
const KEY = 'demo-merchant-key';
const SUBMITS = 24;
const REFUNDS = 8;

/** A webhook receiver that holds every delivery unanswered while `holding`, then answers 200. */
async function startReceiver() {
  const held: ServerResponse[] = [];
  const received: string[] = [];
  const state = { holding: true };
  const server = createServer((request: IncomingMessage, response) => {
    request.resume();
    request.on('end', () => {
      received.push(String(request.headers['webhook-id']));
      if (state.holding) held.push(response);
      else response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/hooks`;
  const close = () => {
    for (const response of held) response.destroy();
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url, received, state, close };
}

interface Answer<T> {
  status: number;
  body: Envelope<T>;
}

/** One call; null when no answer came (the connection was refused or closed): the client will try again. */
async function send<T>(base: string, method: string, path: string, body: unknown, token: string) {
  try {
    const response = await fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Envelope<T> } satisfies Answer<T>;
  } catch {
    return null;
  }
}

/** Sends until answered (a server that is restarting is retried), as a client would. */
async function sendUntilAnswered<T>(base: string, method: string, path: string, body: unknown, token: string) {
  for (;;) {
    const answer = await send<T>(base, method, path, body, token);
    if (answer && answer.status !== 503) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A POST whose body is sent in two halves: the request is in flight from its first half on, and the second half goes
 * only when the test says so.
 */
function halfSentPost(base: string, path: string, body: object, token: string) {
  const text = JSON.stringify(body);
  const half = Math.floor(text.length / 2);
  const request = httpRequest(`${base}${path}`, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
    },
  });
  const answer = new Promise<Answer<AnswerOf<typeof calls.setReturnOrder>>>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString()) as Envelope<AnswerOf<typeof calls.setReturnOrder>>,
        });
      });
    });
  });
  request.write(text.slice(0, half));
  return { finish: () => request.end(text.slice(half)), answer };
}

async function signIn(base: string, db: Db): Promise<string> {
  await send(base, 'POST', calls.loginCode.path, { email: 'alice@example.com', shop_url: DEMO_SHOP }, '');
  const login = { email: 'alice@example.com', code: await mailedCode(db, 'alice@example.com'), shop_url: DEMO_SHOP };
  const answer = await sendUntilAnswered<AnswerOf<typeof calls.login>>(base, 'POST', calls.login.path, login, '');
  return answer.body.data.token;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe.each(dialects)('SIGTERM during submits and refunds on %s', (dialect) => {
  const dir = mkdtempSync(join(tmpdir(), 'rc-sigterm-'));
  let drop = async () => {};
  let server: ServerProcess | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await receiver?.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops accepting, finishes requests in flight, gives back the running job at once and loses nothing', async () => {
    execFileSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'ignore' });
    const database = await prepareDatabase(dialect, dir);
    drop = database.drop;
    receiver = await startReceiver();
    const port = await freePort();
    const base = `http://127.0.0.1:${String(port)}`;
    const env = {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: database.url,
      UPLOAD_DIR: join(dir, 'uploads'),
      WORKER_INTERVAL_MS: '50',
      SHUTDOWN_GRACE_MS: '200',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      LOG_LEVEL: 'error',
      LOGIN_LIMIT_PER_IP: '100000',
    };
    server = new ServerProcess(env, base);
    await server.start();
    const { db } = createDb(database.url);
    const shop = await db.selectFrom('shops').select('id').where('shop_url', '=', DEMO_SHOP).executeTakeFirstOrThrow();
    const template = present(
      DEMO_ORDERS.find((order) => order.number === '1001'),
      'order #1001',
    );
    const targets = await copiesOfDemoOrder(
      db,
      shop.id,
      template,
      SUBMITS + REFUNDS + 1,
      400_000,
      nowSeconds(systemClock),
    );
    const token = await signIn(base, db);
    const submit = (target: { orderId: number; lineId: number }) =>
      oneLineReturn({ ...target, idempotencyKey: `sigterm-${String(target.orderId)}` });
    const merchant = (requestId: number, action: string) =>
      send(base, 'POST', `${MERCHANT_BASE}/requests/${String(requestId)}/${action}`, {}, KEY);

    // Requests waiting for their refund, approved and received before the signal.
    const toRefund: number[] = [];
    for (const target of targets.slice(0, REFUNDS)) {
      const answer = await send<{ request_id: number }>(base, 'POST', calls.setReturnOrder.path, submit(target), token);
      const requestId = present(answer?.body.data.request_id, 'a submitted request');
      expect((await merchant(requestId, 'approve'))?.status).toBe(200);
      expect((await merchant(requestId, 'receive'))?.status).toBe(200);
      toRefund.push(requestId);
    }
    // Every new request is announced to a receiver that does not answer: the worker is inside a delivery job.
    const hook = await send(
      base,
      'POST',
      `${MERCHANT_BASE}/webhooks`,
      { url: receiver.url, events: ['request.created'] },
      KEY,
    );
    expect(hook?.status).toBe(200);
    const slowTarget = present(targets.at(-1), 'a target');
    const slow = halfSentPost(base, calls.setReturnOrder.path, submit(slowTarget), token);
    const rest = targets.slice(REFUNDS, REFUNDS + SUBMITS);
    const firstSubmit = present(rest[0], 'a target');
    expect((await send(base, 'POST', calls.setReturnOrder.path, submit(firstSubmit), token))?.status).toBe(200);
    await until(() => Promise.resolve(receiver?.received.length === 1));

    // Submits and refunds keep coming while the server gets SIGTERM.
    const burst = [
      ...rest.slice(1).map((target) => () => send(base, 'POST', calls.setReturnOrder.path, submit(target), token)),
      ...toRefund.map((requestId) => () => merchant(requestId, 'refund')),
    ];
    const answers = Promise.all(burst.map((call) => call()));
    const stopped = server.kill('SIGTERM');
    // It stops accepting: a new connection is refused while the half-sent submit is still in flight ...
    await until(() =>
      fetch(`${base}/health`).then(
        () => false,
        () => true,
      ),
    );
    slow.finish();
    // ... and that submit is finished and answered.
    const slowAnswer = await slow.answer;
    expect(slowAnswer.status).toBe(200);
    expect(slowAnswer.body.data.request_id).toBeGreaterThan(0);
    expect(await stopped).toBe(0);
    // Nothing was half done: every answer that came is a success, or a refusal to start (503 while closing).
    for (const answer of await answers) if (answer) expect([200, 503]).toContain(answer.status);

    // The delivery job it was running was given back at once: due now, leased by no one, its try not counted.
    const running = await db.selectFrom('jobs').select(['id', 'kind']).where('status', '=', 'running').execute();
    expect(running).toEqual([]);
    const delivery = await db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'webhook.deliver')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ status: 'queued', locked_until: null, attempts: 0 });
    expect(delivery.run_at).toBeLessThanOrEqual(nowSeconds(systemClock));

    // Another instance takes it: the receiver now answers, and gets the same delivery again.
    receiver.state.holding = false;
    await server.start();
    // (Deliveries of requests that got in before the signal may come first: each request's own stay in order.)
    const first = receiver.received[0];
    await until(() => Promise.resolve(receiver?.received.indexOf(first ?? '', 1) !== -1));

    // Clients try again what got no answer; every order ends with one request, and every refund is made once.
    for (const target of rest)
      expect((await sendUntilAnswered(base, 'POST', calls.setReturnOrder.path, submit(target), token)).status).toBe(
        200,
      );
    for (const requestId of toRefund) {
      const current = await sendUntilAnswered<{ status: number }>(
        base,
        'GET',
        `${MERCHANT_BASE}/requests/${String(requestId)}`,
        null,
        KEY,
      );
      if (current.body.data.status === RequestStatus.Received)
        expect((await merchant(requestId, 'refund'))?.status).toBe(200);
    }
    const orderIds = targets.map((target) => target.orderId);
    await until(async () => {
      const open = await db
        .selectFrom('return_requests')
        .select('id')
        .where('id', 'in', toRefund)
        .where('refund_state', '!=', 'refunded')
        .execute();
      return open.length === 0;
    });
    const requests = await db.selectFrom('return_requests').selectAll().where('order_id', 'in', orderIds).execute();
    expect(requests).toHaveLength(SUBMITS + REFUNDS + 1);
    const items = await db
      .selectFrom('return_items')
      .select('request_id')
      .where(
        'request_id',
        'in',
        requests.map((request) => request.id),
      )
      .execute();
    expect(items).toHaveLength(requests.length);
    const platform = new LocalStorePlatform(db, systemClock);
    for (const request of requests.filter((each) => toRefund.includes(each.id))) {
      const refunds = await platform.listRefunds(request.shop_id, request.order_id);
      expect(refunds.map((refund) => refund.amount)).toEqual([request.actual_refund]);
    }
    expect(await server.kill('SIGTERM')).toBe(0);
    await db.destroy();
  }, 120_000);
});
