/**
 * The portal in a real browser (DESIGN §6): Lighthouse on four pages, INP over the return journey, and the bytes
 * of a first visit. `tsx bench/browser.ts http://127.0.0.1:PORT [runs]` prints the figures as JSON.
 *
 * Three Chromium sessions, one after the other (two cores; nothing else runs in them meanwhile):
 * - first view and INP: playwright-core (bench/browser-journey.ts);
 * - Lighthouse: chrome-launcher and puppeteer-core, which Lighthouse drives (bench/browser-lighthouse.ts).
 * Orders to sign in with are fresh copies of #1001 (POST /dev/demo-orders) when the server has DEV_TOOLS, else the
 * seeded #1001 (the INP journey then stops short of submitting, and the status page shows the order's request).
 */
import { resolve } from 'node:path';
import { firstViewBytes, inpOverJourney, launchBrowser } from './browser-journey.js';
import { lighthousePages, type LighthousePage } from './browser-lighthouse.js';
import { CHROME_FLAGS, CHROME_PATH, orderToSignInWith } from './browser-shop.js';

export interface BrowserFigures {
  /** Median of `runs` runs per page (median by performance score; that run's metrics). */
  lighthouse: LighthousePage[];
  /** INP over the return journey at 4× CPU throttling; null when the journey could not be walked. */
  inp: { p98Ms: number; interactions: number; cpuThrottle: number } | null;
  /** Login page, first view, transferred (encoded) bytes, gzip and brotli accepted. */
  firstViewBytes: { js: number; total: number };
}

/** baseUrl: a running server with the built portal and the demo shop seeded (DEV_TOOLS may be on). */
export async function browserFigures(
  baseUrl: string,
  options: { runs?: number; log?: (line: string) => void } = {},
): Promise<BrowserFigures> {
  const runs = Math.max(1, Math.floor(options.runs ?? 3));
  const log = options.log ?? (() => undefined);
  const started = Date.now();

  const browser = await launchBrowser(CHROME_PATH, CHROME_FLAGS);
  let bytes: BrowserFigures['firstViewBytes'];
  let inp: BrowserFigures['inp'] = null;
  try {
    bytes = await firstViewBytes(browser, baseUrl);
    log(`first view of the login page: ${bytes.js} bytes of JavaScript, ${bytes.total} in all`);
    const login = await orderToSignInWith(baseUrl);
    try {
      inp = await inpOverJourney(browser, baseUrl, login, log);
    } catch (error) {
      log(`inp: the journey with order ${login.orderNumber} failed: ${String(error)}`);
    }
  } finally {
    await browser.close();
  }

  const lighthouse = await lighthousePages(baseUrl, runs, log);
  log(`browser figures in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { lighthouse, inp, firstViewBytes: bytes };
}

if (resolve(process.argv[1] ?? '') === import.meta.filename) {
  const [baseUrl, runs] = process.argv.slice(2);
  if (!baseUrl) {
    console.error('usage: tsx bench/browser.ts http://127.0.0.1:PORT [runs]');
    process.exit(2);
  }
  const figures = await browserFigures(baseUrl, {
    runs: runs ? Number(runs) : undefined,
    log: (line) => console.error(line),
  });
  console.log(JSON.stringify(figures, null, 2));
}
