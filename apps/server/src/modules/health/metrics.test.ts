import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { calls, MERCHANT_BASE } from '@return-center/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEasyPost, type FakeEasyPost } from '../../../test/fakes/easypost-server.js';
import { buildTestApp, dialects, merchantAction, shop, submitReturn, type TestApp } from '../../../test/helper.js';
import { freePort } from '../../../hardening/server-process.js';

const TOKEN = 'metrics-token-for-tests-0123456789';
const DEMO_KEY = { authorization: 'Bearer demo-merchant-key' };

/** The value of one sample line of the exposition, e.g. `rc_jobs_depth{kind="request.notify"}`; undefined if absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = match[2]?.split(',') ?? [];
    if (wanted.every((pair) => have.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

/** A webhook receiver that answers each delivery with the next status it is given (200 when none). */
async function startReceiver(answers: number[]) {
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(answers.shift() ?? 200).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/hooks`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(dialects)('metrics on %s', (dialect) => {
  let t: TestApp;
  let easypost: FakeEasyPost;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    easypost = await startFakeEasyPost();
    receiver = await startReceiver([500]);
    t = await buildTestApp(dialect, {
      METRICS_TOKEN: TOKEN,
      CARRIER: 'easypost',
      EASYPOST_API_KEY: easypost.apiKey,
      EASYPOST_BASE_URL: easypost.baseUrl,
      VENDOR_TIMEOUT_MS: '5000',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    });
  });
  afterAll(async () => {
    await t.close();
    await easypost.close();
    await receiver.close();
  });

  const scrape = async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return answer.body;
  };

  it('serves /metrics on the public port only to the bearer of METRICS_TOKEN', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const body = await scrape();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_utilization_ratio',
      'nodejs_eventloop_delay_seconds{stat="p99"}',
      'nodejs_active_resources_total',
    ])
      expect(body).toContain(name);
  });

  it('measures requests by route pattern, vendor calls with their retries, job failures and the queue', async () => {
    const hook = await t.app.inject({
      method: 'POST',
      url: `${MERCHANT_BASE}/webhooks`,
      headers: DEMO_KEY,
      payload: { url: receiver.url, events: ['request.approved'] },
    });
    expect(hook.statusCode).toBe(200);
    const { requestId } = await submitReturn(t, { shipping_method_id: 1 });
    // EasyPost answers 503 to every try of the label's first call: the carrier call fails after its retries, and so
    // does the label job (it will be tried again later).
    easypost.faults.fail = { status: 503, count: 1000 };
    expect((await merchantAction(t, requestId, 'approve')).statusCode).toBe(200);
    const queued = await scrape();
    expect(sample(queued, 'rc_jobs_depth', { kind: 'request.documents' })).toBe(1);
    t.clock.advance(30_000);
    // Due for 30 s and not run yet (the worker is off in tests): the queue says how late it is.
    expect(sample(await scrape(), 'rc_jobs_oldest_due_age_seconds', { kind: 'request.documents' })).toBe(30);
    await t.app.ctx.worker.runDue();

    const failed = await scrape();
    const carrier = { port: 'carrier', adapter: 'easypost' };
    expect(sample(failed, 'rc_vendor_call_duration_seconds_count', { ...carrier, outcome: 'error' })).toBe(1);
    expect(sample(failed, 'rc_vendor_retries_total', carrier)).toBe(3);
    expect(sample(failed, 'rc_job_failures_total', { kind: 'request.documents', final: 'false' })).toBe(1);
    // The approve call is counted under its pattern; the request's id never becomes a label.
    const approve = { method: 'POST', route: `${MERCHANT_BASE}/requests/:id/approve`, status_code: '200' };
    expect(sample(failed, 'rc_http_request_duration_seconds_count', approve)).toBe(1);
    expect(failed).not.toContain(`/requests/${String(requestId)}/`);

    easypost.faults.fail = { status: 503, count: 0 };
    t.clock.advance(600_000);
    await t.app.ctx.worker.runDue();
    const done = await scrape();
    expect(sample(done, 'rc_vendor_call_duration_seconds_count', { ...carrier, outcome: 'ok' })).toBeGreaterThan(0);
    expect(sample(done, 'rc_jobs_depth', { kind: 'request.documents' })).toBeUndefined();
    // With its label made, the approval is announced: the receiver answers 500 to the first try, 200 to the next.
    const delivery = (outcome: string, status_class: string) =>
      sample(done, 'rc_webhook_delivery_duration_seconds_count', { outcome, status_class });
    expect(delivery('error', '5xx')).toBe(1);
    t.clock.advance(3_600_000);
    await t.app.ctx.worker.runDue();
    expect(
      sample(await scrape(), 'rc_webhook_delivery_duration_seconds_count', { outcome: 'ok', status_class: '2xx' }),
    ).toBe(1);
  });

  it('counts rate-limit refusals by the limit, never by address or email', async () => {
    const send = () => t.call(calls.loginCode, { shop_url: shop, email: 'limited@example.com', lang: 'en' }, undefined);
    for (let i = 0; i < 6; i++) await send();
    const text = await scrape();
    expect(sample(text, 'rc_rate_limit_refusals_total', { limit: 'code-send' })).toBe(1);
    expect(text).not.toContain('limited@example.com');
  });
});

describe('metrics off or on their own port', () => {
  it('has no /metrics and measures nothing unless METRICS_PORT or METRICS_TOKEN is set', async () => {
    const t = await buildTestApp('sqlite');
    try {
      expect(t.app.ctx.metrics).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('serves /metrics on METRICS_PORT when the server listens, and not on the public port', async () => {
    const port = await freePort();
    const t = await buildTestApp('sqlite', { METRICS_PORT: String(port) });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const publicPort = (t.app.server.address() as AddressInfo).port;
      expect((await fetch(`http://127.0.0.1:${String(publicPort)}/health`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${String(publicPort)}/metrics`)).status).toBe(404);
      const answer = await fetch(`http://127.0.0.1:${String(port)}/metrics`);
      expect(answer.status).toBe(200);
      const text = await answer.text();
      expect(sample(text, 'rc_http_request_duration_seconds_count', { route: '/health', status_code: '200' })).toBe(1);
      // An address no route serves is counted as unmatched, never by the URL it was asked at.
      expect(sample(text, 'rc_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBe(
        1,
      );
      expect((await fetch(`http://127.0.0.1:${String(port)}/other`)).status).toBe(404);
    } finally {
      await t.close();
    }
    await expect(fetch(`http://127.0.0.1:${String(port)}/metrics`)).rejects.toThrow();
  });
});
