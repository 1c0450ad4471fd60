import { calls, Code, MERCHANT_BASE, type Envelope } from '@return-center/contract';
import { configSign } from '@return-center/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, shop, type TestApp } from '../../test/helper.js';
import { LOCAL_PLATFORM_TABLES } from '../adapters/store-platform/tables.js';
import { loadConfig } from '../config.js';
import { DEMO_MERCHANT_KEY } from '../demo/demo-shop.js';
import { startupBanner } from '../startup-banner.js';

const OWN_KEY = 'an-operator-key-of-their-own';
const NOT_FOUND = { code: 404, msg: 'Request error, the resource was not found', data: null };

const mailbox = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress, headers });

const merchantStatus = async (app: FastifyInstance, key: string) =>
  (await app.inject({ method: 'GET', url: `${MERCHANT_BASE}/requests`, headers: { authorization: `Bearer ${key}` } }))
    .statusCode;

describe.each(dialects)('deploy-safe defaults on %s', (dialect) => {
  let t: TestApp;
  afterEach(() => t.close());

  describe('the dev mailbox', () => {
    it('answers the person at this machine, directly over loopback', async () => {
      t = await buildTestApp(dialect);
      for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const response = await mailbox(t.app, address);
        expect(response.statusCode).toBe(200);
        expect(Array.isArray(response.json())).toBe(true);
      }
    });

    it('does not exist for anyone else, nor for visitors forwarded by a proxy on this machine', async () => {
      t = await buildTestApp(dialect, { TRUST_PROXY: '127.0.0.1' });
      const unknownDevPath = (await t.app.inject({ method: 'GET', url: '/dev/nothing-here' })).json<unknown>();
      expect(unknownDevPath).toEqual(NOT_FOUND);
      const strangers = [
        mailbox(t.app, '203.0.113.9'),
        mailbox(t.app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }),
        mailbox(t.app, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }),
        mailbox(t.app, '127.0.0.1', { forwarded: 'for=203.0.113.9' }),
        mailbox(t.app, '127.0.0.1', { 'x-real-ip': '203.0.113.9' }),
        mailbox(t.app, '10.0.0.5'),
      ];
      for (const response of await Promise.all(strangers)) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
      }
    });

    it('is not there at all when mail really goes out', async () => {
      t = await buildTestApp(dialect, { MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525' });
      const response = await mailbox(t.app, '127.0.0.1');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    });
  });

  describe('the demo merchant key', () => {
    it('works in the demo, and stops working once the operator sets a key of their own', async () => {
      t = await buildTestApp(dialect);
      expect(await merchantStatus(t.app, DEMO_MERCHANT_KEY)).toBe(200);
      const restarted = await t.restart({ MERCHANT_API_KEY: OWN_KEY });
      expect(await merchantStatus(restarted, DEMO_MERCHANT_KEY)).toBe(401);
      expect(await merchantStatus(restarted, OWN_KEY)).toBe(200);
    });

    it('never exists with a key of their own from the first start', async () => {
      t = await buildTestApp(dialect, { MERCHANT_API_KEY: OWN_KEY });
      expect(await merchantStatus(t.app, DEMO_MERCHANT_KEY)).toBe(401);
    });

    it('goes with the demo: SEED_DEMO=false leaves no demo shop, orders or key', async () => {
      t = await buildTestApp(dialect, { SEED_DEMO: 'false' });
      expect(await merchantStatus(t.app, DEMO_MERCHANT_KEY)).toBe(401);
      expect(await t.db.selectFrom('shops').select('id').execute()).toEqual([]);
      for (const table of LOCAL_PLATFORM_TABLES)
        expect(
          Number(
            (await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(t.db)).rows[0]?.n,
          ),
          table,
        ).toBe(0);
      const config = await t.call(calls.getConfig, { shop_url: shop, code: 'en', sign: configSign(shop) });
      expect(config.body.code).toBe(Code.StoreUnavailable);
    });
  });

  describe('client addresses behind proxies', () => {
    const loginFrom = (app: FastifyInstance, forwardedFor: string, orderNumber: string) =>
      app.inject({
        method: 'POST',
        url: calls.login.path,
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { shop_url: shop, email: 'alice@example.com', order_number: orderNumber },
      });

    it('come from the configured proxy, so a client cannot pick its own by forging the header', async () => {
      t = await buildTestApp(dialect, { TRUST_PROXY: '10.0.0.0/8', LOGIN_LIMIT_PER_IP: '5' });
      for (let i = 0; i < 5; i++) await loginFrom(t.app, `192.0.2.${i}, 198.51.100.7`, `#${3000 + i}`);
      const forged = await loginFrom(t.app, '192.0.2.200, 198.51.100.7', '#1001');
      expect(forged.json<Envelope<unknown>>().code).toBe(Code.RateLimited);
      expect((await loginFrom(t.app, '198.51.100.8', '#1001')).json<Envelope<unknown>>().code).toBe(Code.Success);
    });

    it('come from the socket when no proxy is configured', async () => {
      t = await buildTestApp(dialect, { LOGIN_LIMIT_PER_IP: '5' });
      for (let i = 0; i < 5; i++) await loginFrom(t.app, `198.51.100.${i}`, `#${3000 + i}`);
      expect((await loginFrom(t.app, '198.51.100.99', '#1001')).json<Envelope<unknown>>().code).toBe(Code.RateLimited);
    });

    it('trust a hop count of proxies nearest to the server', async () => {
      t = await buildTestApp(dialect, { TRUST_PROXY: '1', LOGIN_LIMIT_PER_IP: '5' });
      for (let i = 0; i < 5; i++) await loginFrom(t.app, `192.0.2.${i}, 198.51.100.7`, `#${3000 + i}`);
      expect((await loginFrom(t.app, '192.0.2.99, 198.51.100.7', '#1001')).json<Envelope<unknown>>().code).toBe(
        Code.RateLimited,
      );
      expect((await loginFrom(t.app, '198.51.100.8', '#1001')).json<Envelope<unknown>>().code).toBe(Code.Success);
    });
  });
});

describe('start-up', () => {
  it('refuses TRUST_PROXY=true and anything that is not a hop count or addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*hop|TRUST_PROXY: .*proxies/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '::1']);
  });

  it('warns when the server listens beyond this machine while mail is not sent', () => {
    const url = 'http://localhost:3000';
    expect(startupBanner(loadConfig({}), url).warnings.join()).toMatch(/listening on 0\.0\.0\.0, but mail is not sent/);
    expect(startupBanner(loadConfig({ HOST: '127.0.0.1' }), url).warnings).toEqual([]);
    expect(
      startupBanner(loadConfig({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://mail.example:587' }), url).warnings,
    ).toEqual([]);
  });

  it('prints the demo merchant key in the demo only', () => {
    const url = 'http://localhost:3000';
    expect(startupBanner(loadConfig({}), url).info.join('\n')).toContain(DEMO_MERCHANT_KEY);
    expect(startupBanner(loadConfig({ MERCHANT_API_KEY: OWN_KEY }), url).info.join('\n')).not.toContain(
      DEMO_MERCHANT_KEY,
    );
    expect(startupBanner(loadConfig({ SEED_DEMO: 'false' }), url).info.join('\n')).not.toContain(DEMO_MERCHANT_KEY);
  });
});
