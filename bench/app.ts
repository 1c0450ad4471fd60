/** The real app in this process on a fresh database, and the sessions the endpoint runs need. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls, Code, type AnswerOf, type CallDef, type Envelope } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { configSign, present } from '@return-center/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../apps/server/src/app-context.js';
import { buildApp, type BuildOptions } from '../apps/server/src/app.js';
import { configFor, type Config } from '../apps/server/src/config.js';
import { createDb, type Db } from '../apps/server/src/db/database.js';
import { DEMO_SHOP } from '../apps/server/src/demo/demo-shop.js';
import { LIMITS } from '../apps/server/src/modules/auth/rate-limiter.js';
import { throwawaySchema } from '../apps/server/test/schema-pool.js';
import { env } from './env.js';
import { urlOf } from './load.js';
import type { Database } from './results.js';

export type App = FastifyInstance & { ctx: AppContext };

/** Every rate limit lifted, for load runs that sign in thousands of times from one address. */
export const UNLIMITED = Object.fromEntries(
  Object.keys(LIMITS).map((name) => [name, { max: Number.MAX_SAFE_INTEGER, windowSeconds: 1 }]),
) as typeof LIMITS;

export interface BenchDatabase {
  kind: Database;
  /** DATABASE_URL for a server process (PostgreSQL: the schema is in the URL's `options`). */
  url: string;
  /** Opens it in this process. */
  open: () => ReturnType<typeof createDb>;
  drop: () => Promise<void>;
}

export const pgUrl = () => present(env.pgUrl, 'BENCH_PG_URL or TEST_DATABASE_URL');

/** A fresh database: a SQLite file in a temporary directory, or a throwaway schema of BENCH_PG_URL. */
export async function freshDatabase(kind: Database): Promise<BenchDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bench-db-'));
    const url = `sqlite:${join(dir, 'bench.sqlite')}`;
    return {
      kind,
      url,
      open: () => createDb(url),
      drop: () => {
        rmSync(dir, { recursive: true, force: true });
        return Promise.resolve();
      },
    };
  }
  const base = pgUrl();
  const schema = await throwawaySchema(base, 'bench_');
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema.name}`);
  return { kind, url: url.toString(), open: () => createDb(base, { searchPath: schema.name }), drop: schema.drop };
}

export interface Running {
  app: App;
  db: Db;
  base: string;
  close: () => Promise<void>;
}

/** The app listening on a loopback port, on `database`; quiet, no background worker, no portal. */
export async function startApp(
  database: BenchDatabase,
  overrides: Partial<Record<keyof Config, string>> = {},
  options: BuildOptions = {},
): Promise<Running> {
  const opened = options.database ?? database.open();
  const app = await buildApp(
    configFor({
      LOG_LEVEL: 'silent',
      PORTAL_DIST: '/nonexistent',
      WORKER_INTERVAL_MS: '0',
      UPLOAD_DIR: join(tmpdir(), 'bench-uploads'),
      DATABASE_URL: database.url,
      ...overrides,
    }),
    { ...options, database: opened },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    db: opened.db,
    base: urlOf(app.server),
    close: async () => {
      await app.close();
      await opened.db.destroy();
    },
  };
}

/** One call through the app's HTTP layer (no socket); refuses anything but success. */
export async function call<C extends CallDef & { path: string }>(
  app: App,
  def: C,
  payload: Record<string, unknown>,
  token?: string,
): Promise<AnswerOf<C>> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const response =
    def.method === 'GET'
      ? await app.inject({ method: 'GET', url: def.path, query: payload as Record<string, string>, headers })
      : await app.inject({ method: 'POST', url: def.path, payload, headers });
  const body = response.json<Envelope<AnswerOf<C>>>();
  if (body.code !== Code.Success) throw new Error(`${def.path}: ${String(body.code)} ${body.msg}`);
  return body.data;
}

/** A session of every order of `email`, signed in with the emailed code. */
export async function emailSession(app: App, email: string): Promise<string> {
  await call(app, calls.loginCode, { email, shop_url: DEMO_SHOP });
  await app.ctx.worker.runDue();
  const mail = await app.ctx.db
    .selectFrom('mails')
    .select('text_body')
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = present(/\b(\d{6})\b/.exec(mail.text_body)?.[1], 'verification code in the login mail');
  return (await call(app, calls.login, { email, code, shop_url: DEMO_SHOP })).token;
}

/** Submits a return of one Linen Shirt of #1001 in alice's email session; answers the request id. */
export async function aliceRequest(app: App, token: string): Promise<number> {
  const { list } = await call(app, calls.index, { search: '#1001' }, token);
  const orderId = present(list[0], 'order #1001').id;
  const info = await call(app, calls.orderInfo, { order_id: orderId }, token);
  const line = present(
    info.yes.find((l) => l.title === 'Linen Shirt'),
    'Linen Shirt of #1001',
  );
  const answer = await call(
    app,
    calls.setReturnOrder,
    oneLineReturn({ orderId, lineId: line.line_item_id, idempotencyKey: randomBytes(12).toString('hex') }),
    token,
  );
  return answer.request_id;
}

/** The bodies of the endpoint runs: the same for the API section, the scale section and the scale-out section. */
export const bodies = {
  getConfig: { shop_url: DEMO_SHOP, code: 'en', sign: configSign(DEMO_SHOP) },
  login: (orderNumber: string, email: string) => ({ shop_url: DEMO_SHOP, email, order_number: orderNumber }),
  orders: { search: '' },
  returnInfo: (requestId: number) => ({ request_id: requestId }),
};
