/** Start-up of the built server on a SQLite file that already has its data: time to listening, and idle memory. */
import { freshDatabase } from './app.js';
import { env } from './env.js';
import { log } from './load.js';
import type { StartResult, Stamp } from './results.js';
import { ensureBuiltServer, spawnServer } from './server-process.js';
import { median } from './median.js';

const IDLE_MS = 2000;

export async function benchStart(): Promise<Omit<StartResult, keyof Stamp>> {
  ensureBuiltServer();
  const database = await freshDatabase('sqlite');
  const serverEnv = { DATABASE_URL: database.url, UPLOAD_DIR: `${database.url.replace(/^sqlite:/, '')}-uploads` };
  try {
    // The first start creates the tables and the demo shop; the measured ones find them there.
    await (await spawnServer(serverEnv)).stop();
    const all: StartResult['all'] = [];
    for (let run = 0; run < env.startRuns; run++) {
      const server = await spawnServer(serverEnv);
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      all.push({ listeningMs: Math.round(server.listeningMs), idleRssMb: Math.round(server.rssMb()) });
      await server.stop();
      log(`start: listening after ${String(all.at(-1)?.listeningMs)} ms, ${String(all.at(-1)?.idleRssMb)} MB idle`);
    }
    return {
      runs: all.length,
      listeningMs: median(all.map((r) => r.listeningMs)),
      idleRssMb: median(all.map((r) => r.idleRssMb)),
      all,
    };
  } finally {
    await database.drop();
  }
}
