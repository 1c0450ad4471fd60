/**
 * What /metrics costs (issue 38, ADR 045): the same calls against the built server without metrics and with them
 * (METRICS_TOKEN set: every request timed by route, the limiter, the worker, the event loop and GC observed), on one
 * SQLite file, two server processes at a time loaded side by side (`sideBySide`). The cost is the median of the
 * rounds' ratios of the servers' CPU time per request. Also the throughput, how long one scrape of /metrics takes, and
 * one request's observation alone.
 */
import { calls } from '@return-center/contract';
import { readFileSync } from 'node:fs';
import { bodies, emailSession, freshDatabase, startApp, UNLIMITED } from './app.js';
import { env } from './env.js';
import { load, log, post } from './load.js';
import { Metrics } from '../apps/server/src/metrics.js';
import type { MetricsCostResult, Stamp } from './results.js';
import { ensureBuiltServer, spawnServer } from './server-process.js';
import { median } from './median.js';

/**
 * What the per-request work of the instrumentation takes alone (the one observation of each answer, over a few
 * routes and statuses), in microseconds: a bound that the shared machine's noise cannot hide.
 */
function observationUs(): number {
  const metrics = new Metrics();
  const routes = ['/go-api/v1/client/getConfig', '/go-api/v1/client/index', '/merchant/v1/requests/:id'];
  const count = 200_000;
  const started = performance.now();
  // As each answer does (http/request-log.ts).
  for (let i = 0; i < count; i++)
    metrics.http.observe('POST', routes[i % 3] ?? '', i % 50 === 0 ? 404 : 200, (i % 100) / 1000);
  const us = ((performance.now() - started) * 1000) / count;
  metrics.close();
  return us;
}

const TOKEN = 'bench-metrics-token-0123456789';

/** The CPU time a process has used so far (user + system, from /proc), in milliseconds. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS);
}
const CLOCK_TICKS = 100;

interface Call {
  path: string;
  payload: unknown;
  token?: string;
}

/**
 * One round: the built server without metrics and with them, each in its own process, loaded at the same time with
 * the same call; each one's CPU time per request over the timed part (µs), and its throughput. Side by side, both meet
 * the same moment of the shared machine (whose per-request cost moves by ±20 % from one run to the next), so their
 * ratio keeps little of it.
 */
async function sideBySide(databaseUrl: string, call: Call, onFirst: boolean) {
  // Which one is started and loaded first alternates by round: neither keeps a place that favours it.
  const order = onFirst ? [true, false] : [false, true];
  const started = await Promise.all(
    order.map((metrics) =>
      spawnServer({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ...(metrics ? { METRICS_TOKEN: TOKEN } : {}) }),
    ),
  );
  const servers = onFirst ? [...started].reverse() : started;
  try {
    const options = post(call.payload, call.token);
    const run = async (duration: number) => {
      const answers = await Promise.all(
        started.map((server) => load(`${server.url}${call.path}`, { ...options, duration })),
      );
      return onFirst ? answers.reverse() : answers;
    };
    await run(env.warmUpSeconds);
    const before = servers.map((server) => cpuMs(server.pid));
    const timed = await run(env.seconds);
    const [off, on] = servers.map((server, i) => {
      const requests = Math.max(1, (timed[i]?.rps ?? 0) * env.seconds);
      return { rps: timed[i]?.rps ?? 0, cpuUs: ((cpuMs(server.pid) - (before[i] ?? 0)) * 1000) / requests };
    });
    return { off: off ?? { rps: 0, cpuUs: 0 }, on: on ?? { rps: 0, cpuUs: 0 } };
  } finally {
    await Promise.all(started.map((server) => server.stop()));
  }
}

export async function benchMetrics(): Promise<Omit<MetricsCostResult, keyof Stamp>> {
  ensureBuiltServer();
  const database = await freshDatabase('sqlite');
  try {
    const first = await startApp(database, {}, { limits: UNLIMITED });
    const token = await emailSession(first.app, 'alice@example.com').finally(() => first.close());
    const endpointCalls: Record<'getConfig' | 'orders', Call> = {
      getConfig: { path: calls.getConfig.path, payload: bodies.getConfig },
      orders: { path: calls.index.path, payload: bodies.orders, token },
    };
    const endpoints: MetricsCostResult['endpoints'] = [];
    const ratios: number[] = [];
    for (const [name, call] of Object.entries(endpointCalls) as ['getConfig' | 'orders', Call][]) {
      const totals = { off: 0, on: 0, offUs: 0, onUs: 0 };
      for (let round = 1; round <= env.metricsRounds; round++) {
        const pair = await sideBySide(database.url, call, round % 2 === 0);
        ratios.push(pair.on.cpuUs / pair.off.cpuUs);
        log(
          `metrics: ${name}, round ${String(round)}: CPU µs per request ${pair.off.cpuUs.toFixed(0)} → ${pair.on.cpuUs.toFixed(0)}, req/s ${String(pair.off.rps)} → ${String(pair.on.rps)}`,
        );
        totals.off += pair.off.rps;
        totals.on += pair.on.rps;
        totals.offUs += pair.off.cpuUs;
        totals.onUs += pair.on.cpuUs;
      }
      const mean = (total: number) => Math.round((total / env.metricsRounds) * 10) / 10;
      endpoints.push({
        name,
        off: Math.round(mean(totals.off)),
        on: Math.round(mean(totals.on)),
        offUs: mean(totals.offUs),
        onUs: mean(totals.onUs),
      });
    }
    const server = await spawnServer({ DATABASE_URL: database.url, LOG_LEVEL: 'warn', METRICS_TOKEN: TOKEN });
    const times: number[] = [];
    try {
      for (let i = 0; i < 21; i++) {
        const started = performance.now();
        await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
        times.push(performance.now() - started);
      }
    } finally {
      await server.stop();
    }
    return {
      seconds: env.seconds,
      connections: env.connections,
      rounds: env.metricsRounds,
      endpoints,
      costPercent: Math.round((median(ratios) - 1) * 1000) / 10,
      scrapeMs: Math.round(median(times) * 10) / 10,
      observationUs: Math.round(observationUs() * 100) / 100,
    };
  } finally {
    await database.drop();
  }
}
