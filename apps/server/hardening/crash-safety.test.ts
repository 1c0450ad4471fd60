import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  calls,
  MERCHANT_BASE,
  RequestStatus,
  type AnswerOf,
  type Envelope,
  type MerchantRequest,
} from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { present } from '@return-center/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStorePlatform } from '../src/adapters/store-platform/local.js';
import { systemClock } from '../src/clock.js';
import { createDb, type Db } from '../src/db/database.js';
import { copiesOfDemoOrder, DEMO_ORDERS } from '../src/demo/demo-orders.js';
import { DEMO_SHOP } from '../src/demo/demo-shop.js';
import { dialects } from '../test/helper.js';
import { pool, random } from './load-tools.js';
import { freePort, mailedCode, prepareDatabase, ServerProcess, sleep } from './server-process.js';

/**
 * SIGKILL at random moments while 1,000 returns are submitted and then approved, received and refunded
 * through the merchant API, against the real server process. Clients retry what got no answer, as a
 * browser or a merchant script would. Afterwards: every 2xx answer holds, no row is partial, no
 * transition happened twice and nothing was refunded twice.
 */
const SUBMITS = Number(process.env.CRASH_SUBMITS ?? 1000);
const CLIENTS = 8;
const SEED = Number(process.env.CRASH_SEED ?? 20261123);
const MERCHANT_KEY = 'demo-merchant-key';

interface Answer<T> {
  status: number;
  /** `data` is `T` on a 2xx answer only. */
  body: Envelope<T>;
}

let lostAnswers = 0;
/** Set when the server cannot be started again: clients stop retrying and the test fails with it. */
let fatal: Error | null = null;

/** Sends until the server answers at all; a connection lost to a crash is retried like a client would. */
async function send<T = unknown>(
  base: string,
  method: string,
  path: string,
  body: unknown,
  token: string,
): Promise<Answer<T>> {
  for (;;) {
    try {
      const response = await fetch(base + path, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(15_000),
      });
      return { status: response.status, body: (await response.json()) as Envelope<T> };
    } catch {
      if (fatal) throw fatal;
      lostAnswers++;
      await sleep(100);
    }
  }
}

async function copiesOfOrder1001(db: Db, count: number) {
  const shop = await db.selectFrom('shops').select('id').where('shop_url', '=', DEMO_SHOP).executeTakeFirstOrThrow();
  const template = present(
    DEMO_ORDERS.find((order) => order.number === '1001'),
    'demo order #1001',
  );
  return copiesOfDemoOrder(db, shop.id, template, count, 300_000, Math.floor(Date.now() / 1000));
}

async function signIn(server: ServerProcess, db: Db): Promise<string> {
  await send(server.base, 'POST', calls.loginCode.path, { email: 'alice@example.com', shop_url: DEMO_SHOP }, '');
  const login = { email: 'alice@example.com', code: await mailedCode(db, 'alice@example.com'), shop_url: DEMO_SHOP };
  const answer = await send<AnswerOf<typeof calls.login>>(server.base, 'POST', calls.login.path, login, '');
  return answer.body.data.token;
}

describe.each(dialects)('SIGKILL during submits and refunds on %s', (dialect) => {
  const dir = mkdtempSync(join(tmpdir(), 'rc-crash-'));
  let drop = async () => {};
  let running: ServerProcess | undefined;
  let killing = true;
  afterAll(async () => {
    killing = false;
    await running?.kill('SIGKILL');
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`loses no 2xx answer, leaves no partial row and refunds nothing twice over ${SUBMITS} returns`, async () => {
    const database = await prepareDatabase(dialect, dir);
    drop = database.drop;
    const port = await freePort();
    const server = new ServerProcess(
      {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: database.url,
        UPLOAD_DIR: join(dir, 'uploads'),
        WORKER_INTERVAL_MS: '100',
        LOG_LEVEL: 'error',
        LOGIN_LIMIT_PER_IP: '100000',
      },
      `http://127.0.0.1:${port}`,
    );
    running = server;
    const { db } = createDb(database.url);
    await server.start(); // migrates and seeds the demo shop
    const seededRequests = (await db.selectFrom('return_requests').select('id').execute()).map((row) => row.id);
    const targets = await copiesOfOrder1001(db, SUBMITS);
    const orderIds = targets.map((target) => target.orderId);
    const token = await signIn(server, db);

    const roll = random(SEED);
    // Read through a call: `killing` is turned off while the killer awaits, which type narrowing cannot see.
    const stillKilling = () => killing;
    const killer = (async () => {
      while (stillKilling()) {
        await sleep(300 + roll() * 1200);
        if (!stillKilling()) break;
        await server.kill('SIGKILL');
        await server.start().catch((error: unknown) => {
          fatal = error as Error;
        });
        if (fatal) break;
      }
    })();

    // Phase 1: submits, each retried with its idempotency key until it is answered.
    const submitted = new Map<number, number>(); // order id → request id from a 2xx answer
    await pool(targets, CLIENTS, async ({ orderId, lineId }) => {
      const payload = oneLineReturn({ orderId, lineId, idempotencyKey: `crash-order-${orderId}` });
      for (;;) {
        const answer = await send<AnswerOf<typeof calls.setReturnOrder>>(
          server.base,
          'POST',
          calls.setReturnOrder.path,
          payload,
          token,
        );
        if (answer.status === 200) {
          const before = submitted.get(orderId);
          expect(before ?? answer.body.data.request_id).toBe(answer.body.data.request_id);
          submitted.set(orderId, answer.body.data.request_id);
          return;
        }
        // A retry that meets its own request still being written is told to try again; nothing else is expected.
        expect(answer.status, JSON.stringify(answer.body)).toBe(409);
        await sleep(50);
      }
    });

    // Phase 2: the merchant approves, receives and refunds each request, looking at it again after every lost answer.
    const transitions = new Map<number, string[]>(); // request id → actions answered 2xx
    await pool([...submitted.values()], CLIENTS, async (requestId) => {
      for (;;) {
        const current = await send<MerchantRequest>(
          server.base,
          'GET',
          `${MERCHANT_BASE}/requests/${requestId}`,
          null,
          MERCHANT_KEY,
        );
        expect(current.status).toBe(200);
        const status = current.body.data.status;
        const action = {
          [RequestStatus.PendingReview]: 'approve',
          [RequestStatus.Approved]: 'receive',
          [RequestStatus.Received]: 'refund',
        }[status];
        if (!action) return;
        const answer = await send(
          server.base,
          'POST',
          `${MERCHANT_BASE}/requests/${requestId}/${action}`,
          {},
          MERCHANT_KEY,
        );
        if (answer.status === 200) transitions.set(requestId, [...(transitions.get(requestId) ?? []), action]);
      }
    });
    killing = false;
    await killer;
    expect(fatal).toBeNull();

    // The jobs a crash interrupted run again once their lease ends (60 s); wait for every refund to land.
    for (let waited = 0; ; waited += 500) {
      const open = await db
        .selectFrom('return_requests')
        .select(['id', 'status', 'refund_state'])
        .where('order_id', 'in', orderIds)
        .where('refund_state', '!=', 'refunded')
        .execute();
      if (open.length === 0) break;
      if (waited >= 240_000) {
        const jobs = await db
          .selectFrom('jobs')
          .select(['kind', 'payload', 'status', 'attempts', 'last_error', 'run_at', 'locked_until'])
          .where('status', '!=', 'done')
          .execute();
        expect.fail(`refunds still open: ${JSON.stringify(open)}; unfinished jobs: ${JSON.stringify(jobs)}`);
      }
      await sleep(500);
    }
    await server.kill('SIGTERM');

    // Every 2xx answer holds: one request per order, the one the shopper was told about.
    const requests = await db.selectFrom('return_requests').selectAll().where('order_id', 'in', orderIds).execute();
    const requestIds = requests.map((request) => request.id);
    expect(requests).toHaveLength(SUBMITS);
    expect(submitted.size).toBe(SUBMITS);
    for (const request of requests) expect(submitted.get(request.order_id)).toBe(request.id);

    // No partial row: every request has its item, every item its request.
    const items = await db
      .selectFrom('return_items')
      .select(['request_id'])
      .where('request_id', 'not in', seededRequests)
      .execute();
    expect(items).toHaveLength(SUBMITS);
    expect(new Set(items.map((item) => item.request_id))).toEqual(new Set(requests.map((request) => request.id)));

    // Each transition happened once, in order, and every 2xx transition answer is in the audit trail.
    const events = await db
      .selectFrom('request_events')
      .select(['request_id', 'action'])
      .where('request_id', 'in', requestIds)
      // The timeline also records each email sent (the console's); the transitions are what this checks.
      .where('action', '!=', 'email')
      .orderBy('id')
      .execute();
    const trail = new Map<number, string[]>();
    for (const event of events) trail.set(event.request_id, [...(trail.get(event.request_id) ?? []), event.action]);
    for (const request of requests) {
      expect(trail.get(request.id)).toEqual(['approve', 'receive', 'refund']);
      for (const action of transitions.get(request.id) ?? []) expect(trail.get(request.id)).toContain(action);
      expect(request.status).toBe(RequestStatus.Completed);
    }

    // Refunded once each, for the amount the request computed.
    // Each order has one request, so one refund at the store per order, as the store platform tells it.
    const platform = new LocalStorePlatform(db, systemClock);
    for (const request of requests) {
      const refunds = await platform.listRefunds(request.shop_id, request.order_id);
      expect(refunds.map((refund) => refund.amount)).toEqual([request.actual_refund]);
      expect(request.actual_refund).toBe((JSON.parse(request.money) as { total: number }).total);
    }
    const dead = await db.selectFrom('jobs').select('kind').where('status', '=', 'dead').execute();
    expect(dead).toEqual([]);
    await db.destroy();

    // The run must really have crashed the server, about once per 100 returns at least.
    expect(server.kills).toBeGreaterThanOrEqual(Math.max(1, Math.floor(SUBMITS / 100)));
    console.log(
      `${dialect}: ${SUBMITS} returns, ${server.kills} SIGKILLs (seed ${SEED}), ${lostAnswers} answers lost and retried, every check held`,
    );
  });
});
