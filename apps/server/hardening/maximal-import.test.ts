import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, merchantPath, type Envelope } from '@return-center/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../test/helper.js';
import { maximalImport } from '../test/maximal-import.js';
import { freePort, prepareDatabase, ServerProcess, sleep } from './server-process.js';

/**
 * Issue #30, point 5: one shop's key sends the largest import call there is (500 orders × 164 lines, 4 MiB) three at
 * a time, round after round, against the real server process. Before, each call held the server for seconds on
 * SQLite (a /health waited 6.6–7.2 s) and nothing stopped the same key from piling them up. Now one import per shop
 * runs at a time, the others are refused at once, and the server keeps answering everyone while it works.
 */
const ROUNDS = 3;
const AT_ONCE = 3;
/** The demo shop's key: it works as long as the operator has set none of their own. */
const KEY = 'demo-merchant-key';

describe.each(dialects)('maximal imports from one key on %s', (dialect) => {
  const dir = mkdtempSync(join(tmpdir(), 'rc-import-'));
  let server: ServerProcess;
  let drop = async () => {};

  beforeAll(async () => {
    const database = await prepareDatabase(dialect, dir);
    drop = database.drop;
    const port = await freePort();
    server = new ServerProcess(
      {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: database.url,
        UPLOAD_DIR: join(dir, 'uploads'),
        LOG_LEVEL: 'error',
        WORKER_INTERVAL_MS: '0',
      },
      `http://127.0.0.1:${String(port)}`,
    );
    await server.start();
  });
  afterAll(async () => {
    await server.kill('SIGKILL');
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`runs one of ${String(AT_ONCE)} at a time, refuses the others, and keeps answering /health`, async () => {
    let inFlight = 0;
    const health = { answered: 0, failed: 0 };
    const attack = { running: true };
    // A load balancer's health check every 20 ms, counted while imports are in flight.
    const checks = (async () => {
      while (attack.running) {
        const ok = await fetch(`${server.base}/health`).then(
          async (response) => {
            await response.arrayBuffer();
            return response.ok;
          },
          () => false,
        );
        if (inFlight > 0) health[ok ? 'answered' : 'failed'] += 1;
        await sleep(20);
      }
    })();
    const importOnce = async (batch: string) => {
      inFlight += 1;
      try {
        const response = await fetch(server.base + merchantPath('importOrders'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
          body: batch,
        });
        return { status: response.status, body: (await response.json()) as Envelope<{ saved: number } | null> };
      } finally {
        inFlight -= 1;
      }
    };

    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      // The same orders each round with another price: every line of every order is written again.
      const batch = JSON.stringify(maximalImport('attack', 100 + round));
      rounds.push(await Promise.all(Array.from({ length: AT_ONCE }, () => importOnce(batch))));
    }
    attack.running = false;
    await checks;
    console.log(`${dialect}: /health answered ${String(health.answered)} times during the imports`);

    for (const answers of rounds) {
      expect(answers.map((a) => a.status).sort((a, b) => a - b)).toEqual([200, 409, 409]);
      expect(answers.map((a) => a.body.data?.saved ?? a.body.code).sort((a, b) => a - b)).toEqual([
        500,
        Code.Busy,
        Code.Busy,
      ]);
    }
    expect(health.failed).toBe(0);
    // Dozens of checks fit in each round's import; a server held by it answers about one per call.
    expect(health.answered).toBeGreaterThanOrEqual(ROUNDS * 10);
  });
});
