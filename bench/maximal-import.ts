/**
 * The largest import call (500 orders × 164 lines, 4 MiB) against the built server in its own process, while /health
 * is asked every 20 ms from another: how long the server keeps everyone else waiting (issue #30, point 5).
 */
import { merchantPath } from '@return-center/contract';
import { maximalImport } from '../apps/server/test/maximal-import.js';
import { freshDatabase } from './app.js';
import { env } from './env.js';
import { JSON_HEADERS, log } from './load.js';
import type { Database, MaximalImportResult, MaximalImportRun, Stamp } from './results.js';
import { ensureBuiltServer, spawnServer } from './server-process.js';
import { healthPinger, percentile } from './uploads.js';
import { median } from './median.js';

/** The demo shop's key: it works as long as the operator has set none of their own. */
const KEY = 'demo-merchant-key';

async function importOnce(base: string, body: string): Promise<{ ms: number; status: number; saved: number }> {
  const started = performance.now();
  const response = await fetch(`${base}${merchantPath('importOrders')}`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, authorization: `Bearer ${KEY}` },
    body,
  });
  const answer = (await response.json()) as { data?: { saved?: number } | null };
  return { ms: performance.now() - started, status: response.status, saved: answer.data?.saved ?? 0 };
}

/** Rounds of two calls: a new batch (every order created), then its orders at another price (every line updated). */
const ROUNDS = 3;

async function runOn(database: Database): Promise<MaximalImportRun> {
  const db = await freshDatabase(database);
  const server = await spawnServer({ DATABASE_URL: db.url });
  try {
    const pinger = healthPinger(server.url);
    // Its first pings wait for tsx to start; the imports start once it has, and only pings sent since count.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const started = Date.now();
    const runs: { created: number; updated: number }[] = [];
    let megabytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const batch = JSON.stringify(maximalImport(`bench${String(round)}`));
      megabytes = Buffer.byteLength(batch) / 1024 / 1024;
      const created = await importOnce(server.url, batch);
      const updated = await importOnce(server.url, JSON.stringify(maximalImport(`bench${String(round)}`, 200)));
      for (const [what, run] of [
        ['created', created],
        ['updated', updated],
      ] as const)
        if (run.status !== 200 || run.saved !== 500)
          throw new Error(`The import (${what}) answered HTTP ${String(run.status)}, ${String(run.saved)} saved`);
      runs.push({ created: created.ms, updated: updated.ms });
    }
    const pings = (await pinger.stop()).filter(([at]) => at >= started).map(([, ms]) => ms);
    const result = {
      database,
      megabytes: Math.round(megabytes * 100) / 100,
      createMs: Math.round(median(runs.map((r) => r.created))),
      updateMs: Math.round(median(runs.map((r) => r.updated))),
      pings: pings.length,
      healthP99Ms: Math.round(percentile(pings, 99)),
      healthMaxMs: Math.round(Math.max(0, ...pings)),
    };
    log(`maximal-import on ${database}: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await server.stop();
    await db.drop();
  }
}

export async function benchMaximalImport(): Promise<Omit<MaximalImportResult, keyof Stamp>> {
  ensureBuiltServer();
  const runs = [await runOn('sqlite')];
  if (env.pgUrl) runs.push(await runOn('postgres'));
  return { runs };
}
