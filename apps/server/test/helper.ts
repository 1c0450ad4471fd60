import { createShop } from '../src/cli/shops.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'kysely';
import {
  calls,
  consolePath,
  CSRF_HEADER,
  MERCHANT_BASE,
  type ConsoleSession,
  type AnswerOf,
  type CallDef,
  type Envelope,
  type ShopSettings,
} from '@return-center/contract';
import { newYorkPickupAddress, oneLineReturn } from '@return-center/contract/sample-return';
import { configSign, present } from '@return-center/domain';
import { buildApp, type BuildOptions } from '../src/app.js';
import { fixedClock } from '../src/clock.js';
import { configFor, type Config } from '../src/config.js';
import { createDb, type Dialect } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { DEMO_OWNER, DEMO_SHOP, seedDemoShop } from '../src/demo/demo-shop.js';
import { MIGRATIONS } from '../src/migrations.js';
import { takeSchema, throwawaySchema } from './schema-pool.js';

/** API tests run on SQLite always, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const START = Date.UTC(2026, 10, 20, 15, 0, 0);

/**
 * The Redis server that tests of the Redis-backed limits use (TEST_REDIS_URL; CI sets it in .ci/run). Without it they
 * are left out, and the run says so loudly: a green run then has not tested Redis.
 */
export function testRedisUrl(untested: string): string | undefined {
  const url = process.env.TEST_REDIS_URL;
  if (!url)
    console.warn(
      `\n⚠ TEST_REDIS_URL is not set, so ${untested} NOT tested. ` +
        'Start Redis and set TEST_REDIS_URL=redis://127.0.0.1:6379 to test it (CI does).\n',
    );
  return url;
}

const images = new Map<boolean, Promise<Buffer>>();

/**
 * A SQLite database migrated (and seeded with the demo shop at the tests' clock) once per test process, whose bytes
 * every app opens a copy of in memory: migrating and seeding anew took most of an app's start (schema-pool.ts does
 * the same for PostgreSQL).
 */
function sqliteImage(seeded: boolean): Promise<Buffer> {
  let image = images.get(seeded);
  if (!image) {
    image = (async () => {
      const { db, dialect } = createDb('sqlite::memory:');
      await migrate(db, dialect, MIGRATIONS);
      if (seeded) await seedDemoShop(db, fixedClock(START));
      const file = join(mkdtempSync(join(tmpdir(), 'rc-image-')), 'image.sqlite');
      await sql`vacuum into ${file}`.execute(db);
      await db.destroy();
      const bytes = readFileSync(file);
      rmSync(dirname(file), { recursive: true, force: true });
      return bytes;
    })();
    images.set(seeded, image);
  }
  return image;
}

const baseEnv = { NODE_ENV: 'test', LOG_LEVEL: 'silent', PORTAL_DIST: '/nonexistent', WORKER_INTERVAL_MS: '0' };

/**
 * Builds the real app on an empty database: in-memory SQLite, or a PostgreSQL schema of this test file, migrated once
 * and emptied between apps (schema-pool.ts); `fresh` makes a new schema the app migrates itself.
 */
export async function buildTestApp(
  dialect: Dialect,
  overrides: Partial<Record<keyof Config, string>> = {},
  options: BuildOptions = {},
  { fresh = false } = {},
) {
  const clock = fixedClock(START);
  const config = configFor({ ...baseEnv, ...overrides });
  let dropSchema = async () => {};
  let database;
  if (dialect === 'postgres') {
    const url = present(process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL');
    const schema = fresh ? await throwawaySchema(url, 't_') : await takeSchema(url);
    database = createDb(url, { searchPath: schema.name });
    dropSchema = 'drop' in schema ? schema.drop : schema.giveBack;
  } else {
    // The image is seeded at the tests' clock: an app on another clock seeds its own.
    const image = fresh || options.clock ? undefined : await sqliteImage(config.SEED_DEMO);
    database = createDb('sqlite::memory:', image ? { image } : {});
  }
  const app = await buildApp(config, { clock, database, ...options });
  const appsOnThisDatabase = [app];

  async function call<C extends CallDef>(
    def: C & { path: string },
    payload: Record<string, unknown>,
    token?: string,
    ip = '10.0.0.1',
  ) {
    const headers: Record<string, string> = { 'x-forwarded-for': ip };
    if (token) headers.authorization = `Bearer ${token}`;
    const response =
      def.method === 'GET'
        ? await app.inject({
            method: 'GET',
            url: def.path,
            query: payload as Record<string, string>,
            headers,
            remoteAddress: ip,
          })
        : await app.inject({ method: 'POST', url: def.path, payload, headers, remoteAddress: ip });
    return { status: response.statusCode, body: response.json<Envelope<AnswerOf<C>>>() };
  }

  return {
    app,
    clock,
    db: app.ctx.db,
    call,
    /** Starts the server again on the same database with other settings, as an operator's restart would. */
    restart: async (changes: Partial<Record<keyof Config, string>>) => {
      const next = await buildApp(configFor({ ...baseEnv, ...overrides, ...changes }), { clock, database, ...options });
      appsOnThisDatabase.push(next);
      return next;
    },
    close: async () => {
      for (const each of appsOnThisDatabase) await each.close();
      await database.db.destroy();
      await dropSchema();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

export const shop = DEMO_SHOP;
export const sign = configSign(DEMO_SHOP);

export async function latestCode(t: TestApp, to: string): Promise<string> {
  await t.app.ctx.worker.runDue();
  const response = await t.app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(to)}` });
  const [mail] = response.json<{ text: string }[]>();
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`No code mailed to ${to}`);
  return code;
}

/** A merchant action on a request (approve, receive, refund…) through the merchant API, with the demo key. */
export const merchantAction = (t: TestApp, requestId: number, action: string) =>
  t.app.inject({
    method: 'POST',
    url: `${MERCHANT_BASE}/requests/${String(requestId)}/${action}`,
    payload: {},
    headers: { authorization: 'Bearer demo-merchant-key' },
  });

/** Alice's carrier pickup at her New York address, on the tests' first pickup day (Monday 23 November 2026), 9–11. */
export const alicePickup = {
  carrier: 'USPS-EASYPOST',
  timezone: 'America/New_York',
  address: newYorkPickupAddress,
  date: '2026-11-23',
  time: '9-11',
};

/** Changes the demo shop's merchant settings the way the merchant API will (cache dropped at once). */
export async function patchSettings(t: TestApp, change: (settings: ShopSettings) => void): Promise<void> {
  const shops = t.app.ctx.services.storefront.shops;
  const current = present(await shops.byUrl(shop), 'demo shop');
  const settings = structuredClone(current.settings);
  change(settings);
  await shops.updateSettings(current, settings);
}

interface SubmitOptions {
  order?: string;
  email?: string;
  title?: string;
  shipping_method_id?: number;
  solution_id?: number;
  proof?: string[];
  /** An exchange (solution 5, type 2) for these variants. */
  exchange?: { variant_id: number; quantity: number }[];
  /** More fields of the submit, such as `pickup` or `wise`. */
  extra?: Record<string, unknown>;
}

/** Signs in by order number and submits a return of one unit of `title` (own shipping unless told). */
export async function submitReturn(t: TestApp, options: SubmitOptions = {}) {
  const { token, orderId, body } = await trySubmitReturn(t, options);
  if (body.code !== 1000) throw new Error(`submit failed: ${body.msg}`);
  return { token, orderId, requestId: body.data.request_id };
}

/** As submitReturn, answering the server's answer whatever it is. */
export async function trySubmitReturn(t: TestApp, options: SubmitOptions = {}) {
  const token = (
    await t.call(calls.login, {
      shop_url: shop,
      email: options.email ?? 'alice@example.com',
      order_number: options.order ?? '#1001',
    })
  ).body.data.token;
  const orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], 'first order').id;
  const info = (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data;
  const title = options.title ?? 'Linen Shirt';
  const line = present(
    info.yes.find((l) => l.title === title),
    title,
  );
  const submit = oneLineReturn(
    { orderId, lineId: line.line_item_id, idempotencyKey: randomBytes(12).toString('hex') },
    {
      reason: { provide_proof: options.proof ?? [] },
      fields: {
        solution_id: options.solution_id ?? (options.exchange ? 5 : 1),
        type: options.exchange ? 2 : 1,
        ...(options.exchange ? { exchange_line_items: options.exchange } : {}),
        shipping_method_id: options.shipping_method_id ?? 2,
        ...options.extra,
      },
    },
  );
  const { body } = await t.call(calls.setReturnOrder, submit, token);
  return { token, orderId, body };
}

export async function mailbox(t: TestApp, to: string): Promise<{ subject: string; text: string; html: string }[]> {
  return (await t.app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(to)}` })).json();
}

/** A second shop on the same server, made as the operator's `shops create` makes it: its key and webhook secret. */
export async function addShop(t: TestApp, shopUrl = 'other.myshopify.com') {
  return createShop(t.db, t.clock, shopUrl, { name: 'Other' });
}

/** A second shop with nothing in it; answers its id. */
export async function addEmptyShop(t: TestApp, shopUrl = 'other.myshopify.com'): Promise<number> {
  return (await addShop(t, shopUrl)).shop.id;
}

/** The demo owner signed in to the console: `send` makes calls with its cookie and, on changes, its CSRF token. */
export async function signInConsole(
  t: TestApp,
  credentials: { email: string; password: string; totp?: string } = DEMO_OWNER,
  ip = '10.0.0.9',
) {
  const response = await t.app.inject({
    method: 'POST',
    url: consolePath('signIn'),
    payload: { email: credentials.email, password: credentials.password, totp: credentials.totp },
    remoteAddress: ip,
  });
  const body = response.json<Envelope<ConsoleSession>>();
  if (body.code !== 1000) throw new Error(`console sign-in failed: ${body.msg}`);
  const cookie = /^rc_console=[^;]+/.exec(String(response.headers['set-cookie']))?.[0] ?? '';
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = {}) => {
    const reply = await t.app.inject({
      method,
      url,
      headers: { cookie, ...(method === 'GET' ? {} : { [CSRF_HEADER]: body.data.csrf_token }), ...headers },
      remoteAddress: ip,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: reply.statusCode, headers: reply.headers, body: reply.json<Envelope<unknown>>() };
  };
  return { session: body.data, cookie, setCookie: String(response.headers['set-cookie']), send };
}
