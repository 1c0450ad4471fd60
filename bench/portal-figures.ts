/** Lighthouse, INP and first-view bytes (bench/browser.ts) against the built server with the built portal. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { browserFigures } from './browser.js';
import { freshDatabase } from './app.js';
import { env } from './env.js';
import { log } from './load.js';
import type { BrowserResult, Stamp } from './results.js';
import { DIST } from './routes.js';
import { ensureBuiltServer, spawnServer } from './server-process.js';

/** Runs `measure` against the built server with the built portal on a fresh SQLite file; null when not built. */
export async function withPortalServer<T>(
  section: string,
  measure: (baseUrl: string) => Promise<T>,
): Promise<T | null> {
  if (!existsSync(join(DIST, 'index.html'))) {
    log(`${section}: skipped, the portal is not built (npm run build)`);
    return null;
  }
  ensureBuiltServer();
  const database = await freshDatabase('sqlite');
  const server = await spawnServer({
    DATABASE_URL: database.url,
    UPLOAD_DIR: `${database.url.replace(/^sqlite:/, '')}-uploads`,
    // The journeys copy demo orders (POST /dev/demo-orders) and read codes from the dev mailbox.
    DEV_TOOLS: 'true',
    LOG_LEVEL: 'warn',
  });
  try {
    return await measure(server.url);
  } finally {
    await server.stop();
    await database.drop();
  }
}

export async function benchBrowser(): Promise<Omit<BrowserResult, keyof Stamp> | null> {
  return withPortalServer('browser', async (baseUrl) => ({
    figures: await browserFigures(baseUrl, { runs: env.lighthouseRuns, log: (line) => log(`browser: ${line}`) }),
  }));
}
