import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { MERCHANT_BASE } from '@return-center/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock.js';
import { buildTestApp, submitReturn, type TestApp } from '../../../test/helper.js';

const RECEIVER = new URL('../../../../../docs/examples/webhooks/receiver.mjs', import.meta.url).pathname;

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

/** The documented receiver (docs/examples/webhooks) verifies real deliveries with the Standard Webhooks library. */
describe('the example receiver', () => {
  let t: TestApp | undefined;
  let receiver: ChildProcess | undefined;
  afterEach(async () => {
    receiver?.kill();
    await t?.close();
  });

  it('accepts what the server signs and refuses a forgery', async () => {
    // The receiver checks the timestamp against its own clock: the server runs on the real one here.
    t = await buildTestApp('sqlite', { WEBHOOKS_ALLOW_PRIVATE: 'true' }, { clock: systemClock });
    const port = await freePort();
    const url = `http://127.0.0.1:${String(port)}/hooks`;
    const created = await t.app.inject({
      method: 'POST',
      url: `${MERCHANT_BASE}/webhooks`,
      headers: { authorization: 'Bearer demo-merchant-key' },
      payload: { url, events: ['request.created'] },
    });
    const { id, secret } = created.json<{ data: { id: number; secret: string } }>().data;
    receiver = spawn(process.execPath, [RECEIVER], {
      env: { ...process.env, PORT: String(port), WEBHOOK_SECRET: secret },
    });
    let printed = '';
    receiver.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    await expect.poll(() => printed).toMatch(/Listening/);

    const forged = await fetch(url, {
      method: 'POST',
      headers: {
        'webhook-id': 'evt_x',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,AAAA',
      },
      body: '{}',
    });
    expect(forged.status).toBe(401);

    const { requestId } = await submitReturn(t);
    for (let round = 0; round < 3; round++) await t.app.ctx.worker.runDue();
    await expect.poll(() => printed).toMatch(new RegExp(`request\\.created: request ${String(requestId)} \\(#1001\\)`));
    const deliveries = await t.app.inject({
      method: 'GET',
      url: `${MERCHANT_BASE}/webhooks/${String(id)}/deliveries`,
      headers: { authorization: 'Bearer demo-merchant-key' },
    });
    expect(deliveries.json<{ data: { items: unknown[] } }>().data.items).toMatchObject([
      { status: 'succeeded', response_status: 204 },
    ]);
  });
});
