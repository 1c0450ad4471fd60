/**
 * `npm run bench`: API throughput against a bare Fastify hello-world in the same run (DESIGN §6),
 * and the portal's JavaScript size. Prints a table; paste it into bench/README.md with the machine.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { configSign, present } from '@return-center/domain';
import { buildApp } from '../apps/server/src/app.js';
import { configFor } from '../apps/server/src/config.js';
import { DEMO_SHOP } from '../apps/server/src/db/seed/demo-shop.js';
import { LIMITS } from '../apps/server/src/modules/auth/rate-limiter.js';
import { lighthouseScores } from './lighthouse.js';
import { benchImport } from './import.js';
import { benchSubmit } from './submit.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const unlimited = { max: Number.MAX_SAFE_INTEGER, windowSeconds: 1 };

async function load(url: string, options: Partial<autocannon.Options> = {}) {
  const result = await autocannon({ url, connections: 20, duration: DURATION, ...options });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** A separate server with the built portal, so Lighthouse sees what shoppers get. */
async function lighthouseOnLogin() {
  const portal = await buildApp(configFor({ LOG_LEVEL: 'silent', DATABASE_URL: 'sqlite::memory:' }));
  await portal.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await lighthouseScores(`http://127.0.0.1:${(portal.server.address() as { port: number }).port}/`);
  } finally {
    await portal.close();
  }
}

async function main() {
  const hello = Fastify();
  // A promise-returning handler, like Fastify's own hello-world benchmark and the API's async handlers.
  hello.get('/', () => Promise.resolve({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const helloUrl = `http://127.0.0.1:${(hello.server.address() as { port: number }).port}/`;

  const app = await buildApp(
    configFor({ LOG_LEVEL: 'silent', DATABASE_URL: 'sqlite::memory:', PORTAL_DIST: '/nonexistent' }),
    {
      limits: Object.fromEntries(Object.keys(LIMITS).map((name) => [name, unlimited])) as typeof LIMITS,
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const json = { 'content-type': 'application/json' };

  const baseline = await load(helloUrl);
  const getConfig = await load(`${base}/go-api/v1/client/getConfig`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ shop_url: DEMO_SHOP, code: 'en', sign: configSign(DEMO_SHOP) }),
  });
  const login = await load(`${base}/go-api/v1/client/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ shop_url: DEMO_SHOP, email: 'alice@example.com', order_number: '#1001' }),
  });
  const submit = await benchSubmit(app, base, Number(process.env.BENCH_SUBMITS ?? 2000));
  const lighthouse = existsSync(join(import.meta.dirname, '../apps/portal/dist/index.html'))
    ? await lighthouseOnLogin()
    : null;
  await app.close();
  await hello.close();
  const imported = await benchImport(Number(process.env.BENCH_IMPORT_ORDERS ?? 100_000));

  const row = (name: string, r: Awaited<ReturnType<typeof load>>, target: string) =>
    `| ${name} | ${Math.round(r.rps)} | ${(r.rps / baseline.rps).toFixed(2)} | ${r.p99} | ${r.errors} | ${target} |`;
  console.log(
    `\nMachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${DURATION}s per run, 20 connections\n`,
  );
  console.log('| endpoint | req/s | ratio to hello-world | p99 ms | errors | target |');
  console.log('|---|---|---|---|---|---|');
  console.log(row('hello-world (bare Fastify)', baseline, '—'));
  console.log(row('getConfig', getConfig, 'ratio ≥ 0.5'));
  console.log(row('login (order number)', login, 'ratio ≥ 0.2, p99 ≤ 25 ms'));
  console.log(
    `| setReturnOrder (SQLite, 10 connections) | ${Math.round(submit.perSecond)} returns/s (${submit.created} created) | — | ${submit.p99} | ${submit.errors} | ≥ 200 returns/s |`,
  );

  console.log(
    `\nOrder import (CLI → API → SQLite file, JSON lines): ${imported.count.toLocaleString('en')} orders (${imported.megabytes.toFixed(1)} MB) in ${imported.seconds.toFixed(1)} s, ${Math.round(imported.perSecond)} orders/s, server peak RSS ${Math.round(imported.peakRssMb)} MB (budget: 100,000 in under 60 s)`,
  );

  if (lighthouse) {
    console.log(
      `\nLighthouse (mobile, login page): performance ${lighthouse.performance} (budget 95), accessibility ${lighthouse.accessibility} (budget 100), LCP ${lighthouse.lcpMs} ms, TBT ${lighthouse.tbtMs} ms`,
    );
  }
  const assets = join(import.meta.dirname, '../apps/portal/dist/assets');
  if (!existsSync(assets)) {
    console.log('\nPortal not built: run `npm run build` for the bundle sizes.');
    return;
  }
  const html = readFileSync(join(assets, '../index.html'), 'utf8');
  const entryNames = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) =>
    present(m[1], 'asset name in index.html'),
  );
  const gz = (file: string) => gzipSync(readFileSync(join(assets, file))).length;
  const entry = entryNames.reduce((sum, file) => sum + gz(file), 0);
  const loginChunks = readdirSync(assets).filter((f) => /^(login|LoginPage)[-.].*\.js$/i.test(f));
  const loginBytes = loginChunks.reduce((sum, file) => sum + gz(file), 0);
  console.log(
    `\nEntry JS (gzipped): ${(entry / 1024).toFixed(1)} KB; with the login route chunk: ${((entry + loginBytes) / 1024).toFixed(1)} KB (budget 100 KB)`,
  );
}

await main();
