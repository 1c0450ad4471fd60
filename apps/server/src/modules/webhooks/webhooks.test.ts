import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MERCHANT_BASE, type WebhookEvent } from '@return-center/contract';
import { Webhook } from 'standardwebhooks';
import { DEMO_OWNER } from '../../demo/demo-shop.js';
import { rule, saveRules } from '../../../test/rules.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addShop,
  buildTestApp,
  dialects,
  mailbox,
  merchantAction,
  submitReturn,
  type TestApp,
} from '../../../test/helper.js';

/** A receiving system on this machine: it keeps what it is sent and answers with the status it is told to. */
async function startReceiver() {
  const received: { headers: Record<string, string>; body: string }[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers as Record<string, string>, body: Buffer.concat(chunks).toString() });
      response.statusCode = answers.shift() ?? 200;
      response.end(response.statusCode < 300 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/hooks`;
  return { url, received, answers, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const DEMO_KEY = { authorization: 'Bearer demo-merchant-key' };

describe.each(dialects)('outbound webhooks on %s', (dialect) => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeEach(async () => {
    // The receiver listens on this host: the tests allow private addresses, as an operator may.
    t = await buildTestApp(dialect, { WEBHOOKS_ALLOW_PRIVATE: 'true' });
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await t.close();
    await receiver.close();
  });

  const api = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, headers = DEMO_KEY) =>
    t.app.inject({ method, url: MERCHANT_BASE + path, headers, ...(payload ? { payload } : {}) });
  const subscribe = async (events: string[]) => {
    const answer = await api('POST', '/webhooks', { url: receiver.url, events, description: 'helpdesk' });
    expect(answer.statusCode).toBe(200);
    return answer.json<{ data: { id: number; secret: string } }>().data;
  };
  const run = async (rounds = 3) => {
    for (let round = 0; round < rounds; round++) await t.app.ctx.worker.runDue();
  };
  /**
   * What the receiver got, each verified with the Standard Webhooks library and the endpoint's secret, at the moment
   * it was sent (the library refuses a timestamp five minutes off its own clock; the server's runs on the test's).
   */
  const verified = (secret: string) =>
    receiver.received.map(({ headers, body }) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Number(headers['webhook-timestamp']) * 1000);
      try {
        return new Webhook(secret).verify(body, headers) as WebhookEvent;
      } finally {
        vi.useRealTimers();
      }
    });

  it('sends signed events a receiver verifies with the Standard Webhooks library, in sequence', async () => {
    const { secret } = await subscribe(['request.created', 'request.approved']);
    const { requestId } = await submitReturn(t);
    await run();
    await merchantAction(t, requestId, 'approve');
    await run();
    const events = verified(secret);
    expect(events.map((event) => event.type)).toEqual(['request.created', 'request.approved']);
    expect(events.map((event) => (event.data.request as { id: number }).id)).toEqual([requestId, requestId]);
    const [created, approved] = events;
    expect(approved?.sequence).toBeGreaterThan(created?.sequence ?? Infinity);
    expect(receiver.received[0]?.headers['webhook-id']).toBe(created?.id);
    // The same events, for a system that polls instead.
    const feed = (await api('GET', '/events?after=0')).json<{
      data: { items: WebhookEvent[]; last_sequence: number };
    }>();
    expect(feed.data.items.map((event) => [event.id, event.type])).toEqual(events.map((e) => [e.id, e.type]));
    const after = await api('GET', `/events?after=${String(feed.data.last_sequence)}`);
    expect(after.json<{ data: { items: unknown[] } }>().data.items).toEqual([]);
  });

  it('sends only the events an endpoint subscribed to, and a repeated announcement once', async () => {
    await subscribe(['request.approved']);
    const { requestId } = await submitReturn(t);
    await run();
    expect(receiver.received).toEqual([]);
    await merchantAction(t, requestId, 'approve');
    await run();
    // The approval's email job again, as after a crash: the event is not sent twice.
    await t.db.updateTable('jobs').set({ status: 'queued', run_at: 0 }).where('kind', '=', 'request.notify').execute();
    await run();
    expect(receiver.received.map(({ body }) => (JSON.parse(body) as WebhookEvent).type)).toEqual(['request.approved']);
  });

  it('announces a flag of the rules and a label made for the parcel', async () => {
    await saveRules(t, [rule('look-at-all', [], [{ type: 'flag', reason: 'new rules, look first' }])]);
    const { secret } = await subscribe(['rule.flagged', 'label.created']);
    const { requestId } = await submitReturn(t, { shipping_method_id: 1 });
    await run();
    await merchantAction(t, requestId, 'approve');
    await run();
    const events = verified(secret);
    expect(events.map((event) => event.type)).toEqual(['rule.flagged', 'label.created']);
    const [flagged, labelled] = events.map((event) => event.data.request as { flags: unknown[]; label_url: string });
    expect(flagged?.flags).toEqual([{ rule: 'look at all', reason: 'new rules, look first' }]);
    expect(labelled?.label_url).not.toBe('');
  });

  it('tries a failed delivery again on the schedule with the same id, and shows each try', async () => {
    const { id } = await subscribe(['request.created']);
    receiver.answers.push(500);
    await submitReturn(t);
    await run();
    const deliveries = async () =>
      (await api('GET', `/webhooks/${String(id)}/deliveries`)).json<{
        data: { items: { status: string; attempts: number; response_status: number; response_body: string }[] };
      }>().data.items;
    expect(await deliveries()).toMatchObject([
      { status: 'pending', attempts: 1, response_status: 500, response_body: 'not now' },
    ]);
    t.clock.advance(5_000);
    await run();
    expect(await deliveries()).toMatchObject([{ status: 'succeeded', attempts: 2, response_status: 200 }]);
    const [first, second] = receiver.received;
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
  });

  it('turns off an endpoint that failed for two days, emails the owner, and resends once it is back', async () => {
    const { id } = await subscribe(['request.created']);
    receiver.answers.push(...Array<number>(20).fill(503));
    await submitReturn(t);
    for (let hour = 0; hour < 80; hour++) {
      await run(1);
      t.clock.advance(3600_000);
    }
    const endpoint = (await api('GET', '/webhooks')).json<{
      data: { items: { enabled: boolean; disabled_reason: string }[] };
    }>().data.items[0];
    expect(endpoint).toMatchObject({ enabled: false });
    expect(endpoint?.disabled_reason).toMatch(/every delivery failed since/);
    await run();
    const [mail] = await mailbox(t, DEMO_OWNER.email);
    expect(mail?.subject).toMatch(/webhook endpoint .* was turned off/);
    // Off: nothing is resent until it is turned on.
    expect((await api('POST', `/webhooks/${String(id)}/resend-failed`)).statusCode).toBe(409);
    expect((await api('PUT', `/webhooks/${String(id)}`, { enabled: true })).statusCode).toBe(200);
    receiver.answers.length = 0;
    const resent = await api('POST', `/webhooks/${String(id)}/resend-failed`);
    expect(resent.json<{ data: { resent: number } }>().data.resent).toBe(1);
    await run();
    expect(receiver.received.at(-1)?.headers['webhook-id']).toBe(receiver.received[0]?.headers['webhook-id']);
  });

  it('rotates the secret: the old one no longer verifies what is sent', async () => {
    const { id, secret } = await subscribe(['request.created']);
    const rotated = (await api('POST', `/webhooks/${String(id)}/rotate-secret`)).json<{ data: { secret: string } }>();
    expect(rotated.data.secret).not.toBe(secret);
    await submitReturn(t);
    await run();
    expect(() => verified(secret)).toThrow();
    expect(verified(rotated.data.secret)).toHaveLength(1);
  });

  it("answers 404 for another shop's endpoint and refuses bad subscriptions with the field", async () => {
    const { id } = await subscribe(['request.created']);
    const other = { authorization: `Bearer ${(await addShop(t)).apiKey}` };
    expect((await api('GET', `/webhooks/${String(id)}/deliveries`, undefined, other)).statusCode).toBe(404);
    expect((await api('PUT', `/webhooks/${String(id)}`, { enabled: false }, other)).statusCode).toBe(404);
    expect((await api('POST', `/webhooks/${String(id)}/rotate-secret`, undefined, other)).statusCode).toBe(404);
    const bad = await api('POST', '/webhooks', { url: 'ftp://example.com/x', events: ['request.nope'] });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json<{ data: { errors: { field: string }[] } }>()
        .data.errors.map((e) => e.field)
        .sort(),
    ).toEqual(['events.0', 'url']);
  });
});

describe.each(dialects)('webhook addresses on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  it.each([
    'http://127.0.0.1:9/hooks',
    'http://localhost/hooks',
    'http://169.254.169.254/latest/meta-data',
    'http://10.1.2.3/',
    'http://[::1]/',
    'http://[::ffff:192.168.0.1]/',
  ])('refuses %s unless the operator allows private addresses', async (url) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `${MERCHANT_BASE}/webhooks`,
      headers: DEMO_KEY,
      payload: { url, events: ['request.created'] },
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json<{ data: { errors: { field: string }[] } }>().data.errors[0]?.field).toBe('url');
  });
});
