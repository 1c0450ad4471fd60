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
});
