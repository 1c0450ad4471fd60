import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APPEARANCE_DEFAULTS, calls } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from './call-route';
import { CancelledError, createHttpClient, RequestFailed } from './client';

let server: Server;
let base = '';
let seen: IncomingMessage[] = [];
let reply: (req: IncomingMessage, body: string) => { status: number; body: string; delay?: number };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push(req);
      const answer = reply(req, body);
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body);
      }, answer.delay ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function client(token: string | null = 'tok-123', timeoutMs = 12000) {
  const events = { errors: [] as string[], expired: 0, notices: [] as string[], cleared: [] as string[] };
  const http = createHttpClient({
    baseUrl: base,
    timeoutMs,
    getToken: () => token,
    onSessionExpired: () => events.expired++,
    onError: (message) => events.errors.push(message),
    onErrorNotice: (url, channel, message) => events.notices.push(`${channel}:${url}:${message}`),
    onClearErrors: (url) => events.cleared.push(url),
  });
  return { http, events };
}

const ok = (data: unknown) => ({ status: 200, body: JSON.stringify({ code: 1000, msg: 'ok', data }) });

describe('HTTP client', () => {
  beforeEach(() => {
    seen = [];
    reply = () => ok(null);
  });

  it('sends a Request-Id of 37 characters plus a timestamp and the bearer token', async () => {
    const { http, events } = client();
    const before = Date.now();
    await http.request(calls.logout, {});
    const first = present(seen[0], 'The first request');
    const id = String(first.headers['request-id']);
    expect(id.slice(0, 37)).toMatch(/^[A-Za-z0-9]{37}$/);
    expect(Number(id.slice(37))).toBeGreaterThanOrEqual(before);
    expect(first.headers.authorization).toBe('Bearer tok-123');
    expect(events.cleared).toEqual([calls.logout.path]);
    await client(null).http.request(calls.logout, {});
    expect(present(seen[1], 'The second request').headers.authorization).toBeUndefined();
  });

  it('cancels an identical in-flight request silently and keeps the newer one', async () => {
    reply = () => ({ ...ok({ list: [] }), delay: 100 });
    const { http, events } = client();
    const first = http.request(calls.index, { search: 'a' });
    const other = http.request(calls.index, { search: 'b' });
    const second = http.request(calls.index, { search: 'a' });
    await expect(first).rejects.toBeInstanceOf(CancelledError);
    await expect(second).resolves.toMatchObject({ code: 1000 });
    await expect(other).resolves.toMatchObject({ code: 1000 });
    expect(events.errors).toEqual([]);
  });

  it('times out with "Network timeout"', async () => {
    reply = () => ({ ...ok(null), delay: 300 });
    const { http, events } = client('t', 50);
    await expect(http.request(calls.logout, {})).rejects.toBeInstanceOf(RequestFailed);
    expect(events.errors).toEqual(['Network timeout']);
  });

  it('shows the spec text for an HTTP failure without an envelope', async () => {
    reply = () => ({ status: 503, body: 'down' });
    const { http, events } = client();
    await expect(http.request(calls.logout, {})).rejects.toThrow('Service is not available');
    expect(events.errors).toEqual(['Service is not available']);
  });

  it('clears the session on code 1032 and 402 and registers error notices by code range', async () => {
    const { http, events } = client();
    reply = () => ({ status: 200, body: JSON.stringify({ code: 1032, msg: 'expired', data: null }) });
    await http.request(calls.config, {});
    expect(events.expired).toBe(1);
    // 402 (store unavailable) clears the token too, from any call, not only the configuration fetch (spec §4).
    reply = () => ({ status: 200, body: JSON.stringify({ code: 402, msg: 'unavailable', data: null }) });
    await http.request(calls.index, {});
    expect(events.expired).toBe(2);
    reply = () => ({ status: 200, body: JSON.stringify({ code: 5000, msg: 'boom', data: null }) });
    await http.request(calls.config, {});
    reply = () => ({ status: 200, body: JSON.stringify({ code: 2500, msg: 'careful', data: null }) });
    await http.request(calls.config, {});
    expect(events.notices).toEqual([`error:${calls.config.path}:boom`, `notice:${calls.config.path}:careful`]);
  });

  it('toasts a business failure that comes with an HTTP error unless asked to stay quiet', async () => {
    reply = () => ({
      status: 429,
      body: JSON.stringify({ code: 1029, msg: 'Too many attempts, please try again later', data: null }),
    });
    const { http, events } = client();
    expect((await http.request(calls.logout, {})).code).toBe(1029);
    expect((await http.request(calls.logout, {}, { quiet: true })).code).toBe(1029);
    expect(events.errors).toEqual(['Too many attempts, please try again later']);
  });

  it("checks a route's answer against the contract's call at its path, defaults and all", async () => {
    const pageSetting = callRoute<typeof calls.pageSetting>('POST', 'go', 'pageSetting');
    const { http } = client(null);
    reply = () => ok({ style: {}, text: {} });
    const answer = await http.request(pageSetting, { shop_url: 'trail.example', lang: 'fr' });
    expect(answer.data.style.return_page_primary_color).toBe(APPEARANCE_DEFAULTS.primaryColor);
    expect(present(seen[0], 'The request').url).toBe(calls.pageSetting.path);
    reply = () => ok({ style: 'none', text: {} });
    await expect(http.request(pageSetting, { shop_url: 'trail.example', lang: 'fr' })).rejects.toBeInstanceOf(
      RequestFailed,
    );
  });

  it('rejects an answer that does not match the contract', async () => {
    reply = () => ok({ list: 'not a list' });
    const { http } = client();
    await expect(http.request(calls.index, { search: '' })).rejects.toBeInstanceOf(RequestFailed);
  });
});
