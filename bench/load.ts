import autocannon from 'autocannon';
import { Code } from '@return-center/contract';
import { env } from './env.js';
import type { Load } from './results.js';

export const JSON_HEADERS = { 'content-type': 'application/json' };

/**
 * Refuses to measure a call that fails: business errors come back with HTTP 200 (spec §8), which autocannon would
 * count as answers. Sends the body once and checks the envelope's code.
 */
export async function expectSuccess(url: string, options: Partial<autocannon.Options>): Promise<void> {
  const send = () =>
    fetch(url, {
      method: options.method ?? 'GET',
      headers: Object.fromEntries(
        Object.entries(options.headers ?? {}).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      ),
      ...(typeof options.body === 'string' ? { body: options.body } : {}),
    });
  // A kept-alive connection the server closed while the bench was busy (a long fill) fails once; a new one does not.
  const response = await send().catch(send);
  const answer = (await response.json()) as { code?: unknown; msg?: unknown };
  if (typeof answer.code === 'number' && answer.code !== Code.Success)
    throw new Error(`${url} answers ${String(answer.code)}: ${String(answer.msg)}`);
}

/**
 * One autocannon run: mean req/s, p99 latency (ms) and errors (failed or non-2xx answers), after an untimed warm-up
 * (BENCH_WARMUP_SECONDS). A fixed body is sent once first and must succeed; a body per request (postEach) is the
 * caller's to check.
 */
export async function load(
  url: string,
  options: Partial<autocannon.Options> = {},
  /** Called between the warm-up and the timed run (the profile starts its profiler there). */
  beforeTimed: () => Promise<unknown> = () => Promise.resolve(),
): Promise<Load> {
  if (typeof options.body === 'string') await expectSuccess(url, options);
  // Untimed first: the JIT, the statement caches and the connection pools warm up on it.
  if (env.warmUpSeconds > 0)
    await autocannon({ url, connections: env.connections, ...options, duration: env.warmUpSeconds });
  await beforeTimed();
  const result = await autocannon({ url, connections: env.connections, duration: env.seconds, ...options });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** A POST of a JSON body, with a bearer token when given. */
export function post(body: unknown, token?: string): Partial<autocannon.Options> {
  return {
    method: 'POST',
    headers: token ? { ...JSON_HEADERS, authorization: `Bearer ${token}` } : JSON_HEADERS,
    body: JSON.stringify(body),
  };
}

/** A POST whose body changes per request (autocannon's setupRequest), e.g. a different order number each time. */
export function postEach(next: () => unknown, token?: string): Partial<autocannon.Options> {
  return {
    requests: [
      {
        method: 'POST',
        headers: token ? { ...JSON_HEADERS, authorization: `Bearer ${token}` } : JSON_HEADERS,
        setupRequest: (request) => ({ ...request, body: JSON.stringify(next()) }),
      },
    ],
  };
}

export const urlOf = (server: { address(): unknown }) => {
  const address = server.address();
  if (typeof address !== 'object' || address === null || !('port' in address))
    throw new Error('The server is not listening on a TCP port');
  return `http://127.0.0.1:${String(address.port)}`;
};

export const log = (line: string) => {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
};
