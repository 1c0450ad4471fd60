/**
 * p99 of login, orders list and returnInfo with 10,000 orders and with a million (BENCH_SCALE_ORDERS), on SQLite and
 * on PostgreSQL, and the plans of the statements those calls run at the larger size.
 */
import { calls } from '@return-center/contract';
import { sql } from 'kysely';
import { nowSeconds } from '../apps/server/src/clock.js';
import { DEMO_SHOP } from '../apps/server/src/demo/demo-shop.js';
import { aliceRequest, bodies, call, emailSession, freshDatabase, startApp, UNLIMITED, type Running } from './app.js';
import { env } from './env.js';
import { benchOrderEmail, benchOrderNumber, fillOrders } from './fill.js';
import { expectSuccess, load, log, post, postEach } from './load.js';
import { queryPlans } from './plans.js';
import type { Database, Load, ScaleEndpoint, ScaleResult, ScaleRun, Stamp } from './results.js';

/** Orders the login run signs in to, drawn at random from those filled. */
const SAMPLE = 1000;

async function measure(
  server: Running,
  filled: number,
  token: string,
  requestId: number,
): Promise<Record<ScaleEndpoint, Load>> {
  const at = (def: { path: string }) => `${server.base}${def.path}`;
  const sample = Array.from({ length: SAMPLE }, () => Math.floor(Math.random() * filled));
  for (const i of sample.slice(0, 3))
    await expectSuccess(at(calls.login), post(bodies.login(benchOrderNumber(i), benchOrderEmail(i))));
  let next = 0;
  const login = await load(
    at(calls.login),
    postEach(() => {
      const i = sample[next++ % SAMPLE] ?? 0;
      return bodies.login(benchOrderNumber(i), benchOrderEmail(i));
    }),
  );
  const orders = await load(at(calls.index), post(bodies.orders, token));
  const returnInfo = await load(at(calls.returnInfo), post(bodies.returnInfo(requestId), token));
  return { login, orders, returnInfo };
}

async function scaleRun(kind: Database): Promise<ScaleRun> {
  const database = await freshDatabase(kind);
  const server = await startApp(database, {}, { limits: UNLIMITED });
  try {
    const { db, app } = server;
    const shop = await app.ctx.services.storefront.requireShop(DEMO_SHOP);
    const now = nowSeconds(app.ctx.clock);
    const token = await emailSession(app, 'alice@example.com');
    const requestId = await aliceRequest(app, token);
    // PostgreSQL's autovacuum would analyse the grown tables within a minute; the run does not wait for it.
    const analyse = () => (kind === 'postgres' ? sql`analyze`.execute(db) : Promise.resolve());

    const small = Math.min(env.scaleSmall, env.scaleOrders);
    log(`scale (${kind}): filling ${small.toLocaleString('en')} orders`);
    await fillOrders(db, shop.id, 0, small, now);
    await analyse();
    log(`scale (${kind}): measuring at ${small.toLocaleString('en')}`);
    const atSmall = await measure(server, small, token, requestId);

    log(`scale (${kind}): filling up to ${env.scaleOrders.toLocaleString('en')} orders`);
    const fillSeconds = await fillOrders(db, shop.id, small, env.scaleOrders, now, (done) => {
      log(`scale (${kind}): ${done.toLocaleString('en')} orders`);
    });
    await analyse();
    log(`scale (${kind}): filled in ${fillSeconds.toFixed(1)} s; measuring at ${env.scaleOrders.toLocaleString('en')}`);
    const atLarge = await measure(server, env.scaleOrders, token, requestId);

    const last = env.scaleOrders - 1;
    const plans = await queryPlans(database, {
      login: (planApp) => call(planApp, calls.login, bodies.login(benchOrderNumber(last), benchOrderEmail(last))),
      orders: (planApp) => call(planApp, calls.index, bodies.orders, token),
      returnInfo: (planApp) => call(planApp, calls.returnInfo, bodies.returnInfo(requestId), token),
    });
    const pair = (name: ScaleEndpoint) => ({ small: atSmall[name], large: atLarge[name] });
    return {
      database: kind,
      small,
      large: env.scaleOrders,
      fillSeconds: Math.round(fillSeconds * 10) / 10,
      endpoints: { login: pair('login'), orders: pair('orders'), returnInfo: pair('returnInfo') },
      plans,
    };
  } finally {
    await server.close();
    await database.drop();
  }
}

export async function benchScale(): Promise<Omit<ScaleResult, keyof Stamp>> {
  const runs: ScaleRun[] = [];
  for (const kind of env.pgUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const))
    runs.push(await scaleRun(kind));
  return { runs };
}
