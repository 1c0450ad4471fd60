import { calls, type CallDef } from '@return-center/contract';
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

  it('serves every call of the contract: none waits for an issue any more', () => {
    expect(all.filter((call) => call.notServedYet).map((call) => call.name)).toEqual([]);
  });

  it('answers every call at its path, never with the 404 of an unknown route', async () => {
    for (const call of all) {
      const response = await t.app.inject({
        method: call.method,
        url: call.path,
        payload: call.method === 'POST' ? {} : undefined,
      });
      if (call.notServedYet) {
        expect(response.statusCode, call.name).toBe(404);
        expect(response.json(), call.name).toMatchObject({ code: 404, data: null });
      } else expect(response.statusCode, call.name).not.toBe(404);
    }
  });
});
