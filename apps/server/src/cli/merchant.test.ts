import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, submitReturn, type TestApp } from '../../test/helper.js';
import { runMerchantCli } from './merchant.js';

describe.each(dialects)('merchant CLI on %s', (dialect) => {
  let t: TestApp;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    env = { MERCHANT_API_URL: `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}` };
  });
  afterAll(() => t.close());

  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runMerchantCli(argv, env, (line) => lines.push(line));
    return { code, output: lines.join('\n') };
  };

  it('lists, approves, receives and refunds a request over HTTP', async () => {
    const { requestId } = await submitReturn(t);
    const list = await run('requests', 'list', '--email', 'alice@example.com');
    expect(list.output).toMatch(new RegExp(`^${requestId}\\t1\\tnone\\t#1001\\talice@example.com`, 'm'));
    expect((await run('requests', 'approve', String(requestId))).output).toBe(`request ${requestId}: status 2`);
    expect((await run('requests', 'receive', String(requestId))).output).toBe(`request ${requestId}: status 5`);
    expect((await run('requests', 'refund', String(requestId), '--amount', '1000')).output).toBe(
      `request ${requestId}: status 4, refund pending`,
    );
  });

  it('explains failures and usage', async () => {
    const missing = await run('requests', 'approve', '999999');
    expect(missing.code).toBe(1);
    expect(missing.output).toBe('error: Request error, the resource was not found (code 1004, HTTP 404)');
    expect((await run('requests', 'reject', '1')).output).toMatch(/reason/);
    const usage = await run();
    expect(usage.code).toBe(1);
    expect(usage.output).toContain('Usage: npm run merchant');
    const wrongKey = await runMerchantCli(
      ['requests', 'list'],
      { ...env, MERCHANT_API_KEY: 'nope-nope-nope-nope' },
      () => {},
    );
    expect(wrongKey).toBe(1);
  });
});
