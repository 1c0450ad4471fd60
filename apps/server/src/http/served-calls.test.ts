import {
  calls,
  Code,
  consolePath,
  consoleRoutes,
  merchantPath,
  merchantRoutes,
  type CallDef,
  type ConsoleRouteName,
  type MerchantRouteName,
} from '@return-center/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';

const all = Object.values(calls as Record<string, unknown>).filter(
  (value): value is CallDef & { path: string } => typeof value === 'object' && value !== null && 'payload' in value,
);

describe('contract calls and the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers every call at its path, never with the 404 of an unknown route', async () => {
    for (const call of all) {
      const response = await t.app.inject({
        method: call.method,
        url: call.path,
        payload: call.method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode, call.name).not.toBe(404);
    }
  });

  it('serves every merchant and console route of the contract, each refusing a caller who is not signed in', async () => {
    const routes = [
      ...Object.entries(merchantRoutes).map(([name, route]) => ({
        method: route.method,
        url: merchantPath(name as MerchantRouteName, 1),
        // A signed webhook without its headers is refused as malformed before any signature is looked at.
        status: 'auth' in route && route.auth === 'signature' ? 400 : 401,
      })),
      ...Object.entries(consoleRoutes)
        .filter(([, route]) => route.access !== 'public')
        .map(([name, route]) => ({ method: route.method, url: consolePath(name as ConsoleRouteName, 1), status: 401 })),
    ];
    for (const [index, { method, url, status }] of routes.entries()) {
      // Each from its own address: refused keys are limited per address (20 in 15 minutes), and there are more routes.
      const response = await t.app.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : {},
        remoteAddress: `10.9.0.${String(index + 1)}`,
      });
      expect(response.json<{ code: number }>().code, `${method} ${url}`).not.toBe(Code.RouteNotFound);
      expect(response.statusCode, `${method} ${url}`).toBe(status);
    }
  });
});
