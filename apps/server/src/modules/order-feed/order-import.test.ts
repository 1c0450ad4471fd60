import { Code, merchantPath } from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addShop, buildTestApp, dialects, type TestApp } from '../../../test/helper.js';
import { maximalImport, maximalImportNumber } from '../../../test/maximal-import.js';
import { IMPORT_RUNNING } from './import-leases.js';
import { merchantCall, order, shopperView, type FedShop } from './test-support.js';

type ImportAnswer = { saved: number; failed: unknown[] } | null;

/**
 * The largest import call (500 orders × 164 lines, 4 MiB) must not stall the server (issue #30): other requests are
 * answered while it runs, and a second import of the same shop is refused until it has answered.
 */
describe.each(dialects)('a maximal import on %s', (dialect) => {
  let t: TestApp;
  let fed: FedShop;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
    fed = await addShop(t, 'erins-outdoor.example');
  });
  afterEach(() => t.close());

  const importBatch = (body: unknown, key = fed.apiKey) =>
    merchantCall<ImportAnswer>(t, key, 'POST', merchantPath('importOrders'), body);
  const small = (tag: string) => ({ orders: [{ id: tag, ...order({ name: `#${tag}` }) }] });

  it('answers other requests while it runs, and refuses a second import of the shop until it is done', async () => {
    let running = 2;
    const send = () => importBatch(maximalImport('mx')).finally(() => (running -= 1));
    // The same call twice at once, as a script retrying too early would: one works, the other is refused.
    const both = Promise.all([send(), send()]);

    // Another shop's import, and the server's health, are answered meanwhile.
    let healthAnswered = 0;
    let otherShop: Awaited<ReturnType<typeof importBatch>> | null = null;
    while (running > 0) {
      // A client's next request comes over the network, in a later turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      if (running > 0 && health.statusCode === 200) healthAnswered += 1;
      if (running > 0 && !otherShop) otherShop = await importBatch(small('D1'), 'demo-merchant-key');
    }
    const answers = await both;

    expect(answers.map((a) => a.status).sort((a, b) => a - b)).toEqual([200, 409]);
    expect(answers).toContainEqual({ status: 409, body: { code: Code.Busy, msg: IMPORT_RUNNING, data: null } });
    expect(answers).toContainEqual({
      status: 200,
      body: { code: Code.Success, msg: 'ok', data: { saved: 500, failed: [] } },
    });
    expect(otherShop).toMatchObject({ status: 200, body: { data: { saved: 1 } } });
    expect(healthAnswered).toBeGreaterThanOrEqual(10);
    const lastShopper = await shopperView(t, fed.shop.shopUrl, maximalImportNumber('mx', 499), 'shopper499@mx.example');
    expect(lastShopper).not.toBeNull();
    // Once it has answered, the shop imports again.
    expect((await importBatch(small('AFTER'))).body.data).toMatchObject({ saved: 1 });
  }, 120_000);

  it('answers an order that is not JSON by its place, and a body that is not JSON as a whole', async () => {
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: merchantPath('importOrders'),
        payload,
        headers: { authorization: `Bearer ${fed.apiKey}`, 'content-type': 'application/json' },
      });
    const good = JSON.stringify({ id: 'G1', ...order({ name: '#G1' }) });
    const answer = await post(`{"orders": [${good}, {"id": "x",}, [1, 2}]}`);
    expect(answer.json()).toEqual({
      code: Code.Success,
      msg: 'ok',
      data: {
        saved: 1,
        failed: [
          { index: 1, id: '', error: 'Not valid JSON' },
          { index: 2, id: '', error: 'Not valid JSON' },
        ],
      },
    });
    const whole = await post(`{"orders": [${good}`);
    expect(whole.statusCode).toBe(400);
    expect(whole.json()).toEqual({ code: Code.InvalidInput, msg: 'Malformed JSON body', data: null });
  });
});
