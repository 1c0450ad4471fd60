/**
 * What /metrics costs (issue 38, ADR 045): the same calls against the app without metrics and with them (METRICS_TOKEN
 * set: every request timed by route, the limiter and the worker observed), on one SQLite file, in alternating rounds
 * each run on a fresh app, off and on back to back in alternating order, the cost the median of the pairs' ratios (a
 * busy moment of the shared machine falls on one pair, not on the figure); and how long one scrape of /metrics takes.
 */
import { calls } from '@return-center/contract';
import { bodies, emailSession, freshDatabase, startApp, UNLIMITED } from './app.js';
import { env } from './env.js';
import { load, log, post } from './load.js';
import { Metrics } from '../apps/server/src/metrics.js';
import type { MetricsCostResult, Stamp } from './results.js';

/**
 * What the per-request work of the instrumentation takes alone (the onResponse hook's one observation, over a few
 * routes and statuses), in microseconds: a bound that the shared machine's noise cannot hide.
 */
function observationUs(): number {
  const metrics = new Metrics();
  const routes = ['/go-api/v1/client/getConfig', '/go-api/v1/client/index', '/merchant/v1/requests/:id'];
  const count = 200_000;
  const started = performance.now();
  for (let i = 0; i < count; i++)
    metrics.http.observe(
      { method: 'POST', route: routes[i % 3] ?? '', status_code: i % 50 === 0 ? '404' : '200' },
      (i % 100) / 1000,
    );
  return ((performance.now() - started) * 1000) / count;
}

const ROUNDS = 5;
const TOKEN = 'bench-metrics-token-0123456789';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export async function benchMetrics(): Promise<Omit<MetricsCostResult, keyof Stamp>> {
  const database = await freshDatabase('sqlite');
  // One app at a time, started afresh for each run: two apps in one process would share its event loop.
  const withApp = async <T>(metrics: boolean, work: (base: string) => Promise<T>): Promise<T> => {
    const running = await startApp(database, metrics ? { METRICS_TOKEN: TOKEN } : {}, { limits: UNLIMITED });
    try {
      return await work(running.base);
    } finally {
      await running.close();
    }
  };
  try {
    const first = await startApp(database, {}, { limits: UNLIMITED });
    const token = await emailSession(first.app, 'alice@example.com').finally(() => first.close());
    const runs = {
      getConfig: (base: string) => load(`${base}${calls.getConfig.path}`, { ...post(bodies.getConfig), workers: 1 }),
      orders: (base: string) => load(`${base}${calls.index.path}`, { ...post(bodies.orders, token), workers: 1 }),
    };
    const endpoints: MetricsCostResult['endpoints'] = [];
    const ratios: number[] = [];
    for (const [name, run] of Object.entries(runs) as [
      keyof typeof runs,
      (base: string) => ReturnType<typeof load>,
    ][]) {
      const totals = { off: 0, on: 0 };
      for (let round = 1; round <= ROUNDS; round++) {
        // Which goes first alternates: a machine warming or getting busier favours neither.
        const order = round % 2 === 1 ? [false, true] : [true, false];
        const pair = { off: 0, on: 0 };
        for (const metrics of order) {
          log(`metrics: ${name}, metrics ${metrics ? 'on' : 'off'}, round ${String(round)}`);
          pair[metrics ? 'on' : 'off'] = (await withApp(metrics, run)).rps;
        }
        totals.off += pair.off;
        totals.on += pair.on;
        ratios.push(pair.on / pair.off);
      }
      endpoints.push({ name, off: Math.round(totals.off / ROUNDS), on: Math.round(totals.on / ROUNDS) });
    }
    const scrapeMs = await withApp(true, async (base) => {
      const times: number[] = [];
      for (let i = 0; i < 21; i++) {
        const started = performance.now();
        await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
        times.push(performance.now() - started);
      }
      return median(times);
    });
    return {
      seconds: env.seconds,
      connections: env.connections,
      rounds: ROUNDS,
      endpoints,
      costPercent: Math.round((1 - median(ratios)) * 1000) / 10,
      scrapeMs: Math.round(scrapeMs * 10) / 10,
      observationUs: Math.round(observationUs() * 100) / 100,
    };
  } finally {
    await database.drop();
  }
}
