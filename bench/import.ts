import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { LocalStorePlatform } from '../apps/server/src/adapters/store-platform/local.js';
import { buildApp } from '../apps/server/src/app.js';
import { createShop } from '../apps/server/src/cli/shops.js';
import { configFor } from '../apps/server/src/config.js';

const DAY = 86_400;
const CLI = join(import.meta.dirname, '../apps/server/src/cli/merchant.ts');

/** A store's export: `count` orders of one to three lines, some delivered, some partly refunded. */
async function writeOrders(file: string, count: number) {
  const out = createWriteStream(file);
  const start = Math.floor(Date.UTC(2026, 9, 1) / 1000);
  for (let i = 0; i < count; i++) {
    const created = start + (i % 50) * DAY;
    const lines = Array.from({ length: 1 + (i % 3) }, (_, j) => ({
      id: `${String(i)}-${String(j)}`,
      product_id: 100 + j,
      variant_id: 1000 + j,
      title: ['Rain Jacket', 'Wool Socks', 'Trail Cap'][j],
      sku: `SKU-${String(j)}`,
      price: 1200 + 700 * j,
      quantity: 1 + (j % 2),
      tax: 240,
    }));
    const order = {
      id: String(900_000 + i),
      name: `#${String(100_000 + i)}`,
      email: `shopper${String(i % 5000)}@example.com`,
      currency: 'EUR',
      created_at: created,
      delivered_at: i % 4 === 0 ? null : created + 3 * DAY,
      shipping: 495,
      lines,
      refunds:
        i % 10 === 0
          ? [{ id: 'r', created_at: created + DAY, lines: [{ line_id: `${String(i)}-0`, quantity: 1 }] }]
          : [],
    };
    if (!out.write(`${JSON.stringify(order)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/**
 * `orders import` of a JSON-lines file through the CLI and the HTTP API into a server on a SQLite file, as an
 * operator would run it. Answers the wall time, the rate and the server's peak memory (same process).
 */
export async function benchImport(count: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const file = join(dir, 'orders.jsonl');
  await writeOrders(file, count);
  const app = await buildApp(
    configFor({ LOG_LEVEL: 'silent', DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`, PORTAL_DIST: '/nonexistent' }),
  );
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { apiKey, shop } = await createShop(app.ctx.db, app.ctx.clock, 'bench-import.example', {});
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
    const started = Date.now();
    // The CLI runs in its own process, as an operator runs it beside the server.
    const cli = spawn(process.execPath, ['--import', 'tsx', CLI, 'orders', 'import', file], {
      env: {
        ...process.env,
        MERCHANT_API_URL: `http://127.0.0.1:${String((app.server.address() as { port: number }).port)}`,
        MERCHANT_API_KEY: apiKey,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [exit] = (await once(cli, 'exit')) as [number | null];
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    if (exit !== 0) throw new Error(`import failed: ${output.slice(0, 2000)}`);
    const last = await new LocalStorePlatform(app.ctx.db, app.ctx.clock).findOrderByNumber(
      shop.id,
      String(100_000 + count - 1),
    );
    if (!last) throw new Error('The last order of the file is not there');
    return {
      count,
      megabytes: statSync(file).size / 1024 / 1024,
      seconds,
      perSecond: count / seconds,
      peakRssMb: peakRss / 1024 / 1024,
    };
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  console.log(await benchImport(Number(process.env.BENCH_IMPORT_ORDERS ?? 100_000)));
}
