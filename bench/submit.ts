/** Returns submitted per second through HTTP, one per fresh copy of #1001, on SQLite and on PostgreSQL. */
import autocannon from 'autocannon';
import { calls } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { present } from '@return-center/domain';
import { copiesOfDemoOrder, DEMO_ORDERS } from '../apps/server/src/demo/demo-orders.js';
import { DEMO_SHOP } from '../apps/server/src/demo/demo-shop.js';
import { emailSession, freshDatabase, startApp, type Running } from './app.js';
import { env } from './env.js';
import { JSON_HEADERS, log } from './load.js';
import type { Database, Stamp, SubmitResult, SubmitRun } from './results.js';

const CONNECTIONS = 10;

/** Submits one return per copy of #1001 (one open request per order). The setup (orders, a session) is not timed. */
async function submitRun({ app, db, base }: Running, database: Database, count: number): Promise<SubmitRun> {
  const { clock, services } = app.ctx;
  const shop = await services.storefront.requireShop(DEMO_SHOP);
  const template = present(
    DEMO_ORDERS.find((o) => o.number === '1001'),
    'demo order #1001',
  );
  const targets = await copiesOfDemoOrder(db, shop.id, template, count, 200_000, Math.floor(clock.nowMs() / 1000));
  const token = await emailSession(app, 'alice@example.com');

  let next = 0;
  const started = performance.now();
  const result = await autocannon({
    url: `${base}${calls.setReturnOrder.path}`,
    connections: CONNECTIONS,
    amount: count,
    requests: [
      {
        method: 'POST',
        headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` },
        setupRequest: (request) => {
          const target = present(targets[next++ % targets.length], 'a copy of #1001 to return');
          return {
            ...request,
            body: JSON.stringify(
              oneLineReturn({
                orderId: target.orderId,
                lineId: target.lineId,
                idempotencyKey: `bench-order-${String(target.orderId)}`,
              }),
            ),
          };
        },
      },
    ],
  });
  const seconds = (performance.now() - started) / 1000;
  const created = await db
    .selectFrom('return_requests')
    // A count is a number on SQLite but may come back as a string or bigint from another driver.
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('idempotency_key', 'like', 'bench-%')
    .executeTakeFirstOrThrow();
  return {
    database,
    count,
    created: Number(created.n),
    perSecond: Math.round(Number(created.n) / seconds),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** The submit run on a fresh SQLite file, and on a throwaway PostgreSQL schema when one is configured. */
export async function benchSubmit(): Promise<Omit<SubmitResult, keyof Stamp>> {
  const runs: SubmitRun[] = [];
  for (const kind of env.pgUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
    log(`submit: ${String(env.submits)} returns on ${kind}`);
    const database = await freshDatabase(kind);
    const server = await startApp(database);
    try {
      runs.push(await submitRun(server, kind, env.submits));
    } finally {
      await server.close();
      await database.drop();
    }
  }
  return { runs };
}
