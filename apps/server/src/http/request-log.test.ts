import { calls } from '@return-center/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, shop, type TestApp } from '../../test/helper.js';

/** What an operator reads per request: one line, with the request id that ties it to any error logged for it. */
describe('request log', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await buildTestApp(
      'sqlite',
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
    );
  });
  afterAll(() => t.close());

  it('writes one line per request with its id, method, path, status and time', async () => {
    lines.length = 0;
    const response = await t.app.inject({
      method: 'POST',
      url: calls.pageSetting.path,
      payload: { shop_url: shop },
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      method: 'POST',
      url: calls.pageSetting.path,
      statusCode: 200,
      reqId: expect.any(String) as unknown,
      responseTime: expect.any(Number) as unknown,
    });
  });
});
