/**
 * Lighthouse 12 (mobile, simulated throttling) on the login page, the orders dashboard, the return's screens (steps 1
 * to 4, pickup, the exchange and its catalogue), the status page of a submitted return and two of the console's
 * pages, `runs` times each; the run of median performance is reported.
 *
 * The session: the portal keeps its token in sessionStorage ('return-token'), which belongs to one tab. So the
 * shopper signs in through the login form in a tab of our own (puppeteer on a chrome-launcher Chromium), and
 * Lighthouse is handed that very tab (`lighthouse(url, flags, config, page)`) instead of opening its own. A
 * navigation keeps a tab's sessionStorage, and Lighthouse's storage reset (left on) clears the HTTP cache and the
 * origin's service workers, Cache Storage and file systems, but not Web Storage: every run loads cold and signed in.
 * Every run is checked: a signed-in page must end on the URL asked for and have asked the API for its data with the
 * session (a signed-out tab would have been sent to the login page instead).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { STORAGE_KEYS } from '@return-center/contract';
import {
  CHROME_FLAGS,
  CHROME_PATH,
  orderOfSession,
  orderToSignInWith,
  submittedReturn,
  type OrderLogin,
} from './browser-shop.js';
import { env } from './env.js';
import { returnScreens, type ReturnScreen } from './lighthouse-flow.js';
import { median } from './median.js';

/** The shopper's pages Lighthouse measures (issue 37 point 1). */
export type ShopperPage = 'login' | 'orders' | 'step 1' | ReturnScreen | 'status';

/** One page's median Lighthouse run. */
export interface LighthousePage {
  page: ShopperPage | 'console queue' | 'console request';
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  runs: number;
  /**
   * Lighthouse's measure of the machine's speed, the median over the runs (missing from older results): the same code
   * scores lower and blocks longer on a slower or busier machine, so a figure is read beside it.
   */
  benchmarkIndex?: number;
}

type PageName = LighthousePage['page'];

const FLAGS: Flags = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance', 'accessibility', 'best-practices'],
  formFactor: 'mobile',
  throttlingMethod: 'simulate',
  // The default reset: cold HTTP cache per run. It leaves sessionStorage, which holds the session, alone.
  disableStorageReset: false,
};

/** A signed-in page asked the shopper API for something beside the shop's configuration, and was answered. */
const CLIENT_CALL = /\/v1\/client\/(?!config$)\w+$/;

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const metric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? 0;

/** The URLs of the requests a run saw answered with 200 (Lighthouse's network-requests audit). */
function answeredUrls(lhr: Result): string[] {
  const details = lhr.audits['network-requests']?.details;
  if (!details || details.type !== 'table') return [];
  return details.items.flatMap((item) => (item.statusCode === 200 && typeof item.url === 'string' ? [item.url] : []));
}

/** One Lighthouse run of `url` in `tab`; fails when a signed-in page did not load signed in. */
async function run(tab: Page, url: string, signedIn: RegExp | null): Promise<Result> {
  const result = await lighthouse(url, FLAGS, undefined, tab);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (signedIn) {
    const landed = lhr.finalDisplayedUrl;
    if (landed !== url) throw new Error(`Lighthouse on ${url} ended on ${landed}: the session did not hold`);
    if (!answeredUrls(lhr).some((request) => signedIn.test(request)))
      throw new Error(
        `Lighthouse on ${url} had no ${String(signedIn)} request answered with 200: the session did not hold`,
      );
  }
  return lhr;
}

/** The run of median performance (the lower middle one for an even count), with that run's metrics. */
function medianRun(page: PageName, lhrs: Result[]): LighthousePage {
  const sorted = [...lhrs].sort(
    (a, b) =>
      score(a, 'performance') - score(b, 'performance') ||
      metric(b, 'largest-contentful-paint') - metric(a, 'largest-contentful-paint'),
  );
  const lhr = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!lhr) throw new Error(`no Lighthouse run of ${page}`);
  return {
    page,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    lcpMs: Math.round(metric(lhr, 'largest-contentful-paint')),
    tbtMs: Math.round(metric(lhr, 'total-blocking-time')),
    cls: Math.round(metric(lhr, 'cumulative-layout-shift') * 1000) / 1000,
    runs: lhrs.length,
    benchmarkIndex: median(lhrs.map((run) => Math.round(run.environment.benchmarkIndex))),
  };
}

/** A new tab, the only one open: no sessionStorage but what happens in it. */
export async function onlyTab(browser: Browser): Promise<Page> {
  const tab = await browser.newPage();
  for (const open of await browser.pages()) if (open !== tab) await open.close();
  return tab;
}

/** Signs in through the login form of the portal, by order number, in `tab`; answers the session token. */
export async function signInThroughForm(tab: Page, baseUrl: string, login: OrderLogin): Promise<string> {
  await tab.goto(new URL('/', baseUrl).href, { waitUntil: 'load' });
  await tab.locator('::-p-aria([name="Order number"][role="tab"])').click();
  await tab.locator('::-p-aria([name="Order number"][role="textbox"])').fill(login.orderNumber);
  await tab.locator('::-p-aria([name="Email address"][role="textbox"])').fill(login.email);
  await tab.locator('::-p-aria([name="Start Your Return"][role="button"])').click();
  await tab.waitForSelector('::-p-aria([name="Orders"][role="heading"])', { timeout: 30_000 });
  const token = await tab.evaluate(`sessionStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)})`);
  if (typeof token !== 'string' || !token) throw new Error('signed in, but no session token in sessionStorage');
  return token;
}

/** Signs in to the console in `tab` as the demo shop's owner (DEMO_OWNER, seeded with the demo shop). */
async function signInToConsole(tab: Page, baseUrl: string): Promise<void> {
  await tab.goto(new URL('/admin/sign-in', baseUrl).href, { waitUntil: 'load' });
  await tab.locator('::-p-aria([name="Email"][role="textbox"])').fill('owner@demo-shop.example');
  await tab.locator('input[type="password"]').fill('demo-owner-password');
  await tab.locator('::-p-aria([name="Sign in"][role="button"])').click();
  await tab.waitForSelector('::-p-aria([name="Console"][role="navigation"])', { timeout: 30_000 });
}

export async function lighthousePages(
  baseUrl: string,
  runs: number,
  log: (line: string) => void,
): Promise<LighthousePage[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const url = (path: string) => new URL(path, baseUrl).href;
    const measure = async (page: PageName, target: string, tab: () => Promise<Page>, signedIn: RegExp | null) => {
      const lhrs: Result[] = [];
      for (let i = 0; i < runs; i++) {
        const started = Date.now();
        const lhr = await run(await tab(), target, signedIn);
        lhrs.push(lhr);
        if (env.lighthouseReports) {
          mkdirSync(env.lighthouseReports, { recursive: true });
          writeFileSync(join(env.lighthouseReports, `${page.replace(/ /g, '-')}-${i + 1}.json`), JSON.stringify(lhr));
        }
        log(
          `lighthouse ${page} run ${i + 1}/${runs}: performance ${score(lhr, 'performance')}, ` +
            `LCP ${Math.round(metric(lhr, 'largest-contentful-paint'))} ms, ` +
            `TBT ${Math.round(metric(lhr, 'total-blocking-time'))} ms, ` +
            // Lighthouse's measure of this machine's speed at the time: low on a busy machine, TBT grows.
            `benchmark index ${Math.round(lhr.environment.benchmarkIndex)} ` +
            `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
      return medianRun(page, lhrs);
    };
    const pages: LighthousePage[] = [];

    // Signed out: a new tab each run, so no sessionStorage at all.
    const connected = browser;
    pages.push(await measure('login', url('/'), () => onlyTab(connected), null));

    // Signed in: one tab, signed in through the form; the session's order gets its return only after step 1.
    const tab = await onlyTab(browser);
    const login = await orderToSignInWith(baseUrl);
    const token = await signInThroughForm(tab, baseUrl, login);
    log(`lighthouse: signed in with order ${login.orderNumber} through the login form`);
    const same = () => Promise.resolve(tab);
    pages.push(await measure('orders', url('/'), same, /\/go-api\/v1\/client\/index$/));
    const { orderId, requestId: earlier } = await orderOfSession(baseUrl, token);
    if (earlier !== null)
      log(
        `lighthouse: order ${login.orderNumber} already has return request ${earlier}; step 1 shows that order as it is`,
      );
    pages.push(
      await measure('step 1', url(`/process-manage/select/${orderId}`), same, /\/go-api\/v1\/client\/orderInfo$/),
    );
    pages.push(...(await returnScreens(url, orderId, (page, target) => measure(page, target, same, CLIENT_CALL), tab)));
    const { requestId } = await submittedReturn(baseUrl, token);
    log(`lighthouse: return request ${requestId} of order ${orderId} for the status page`);
    pages.push(
      await measure(
        'status',
        url(`/status-manage/return-details/${requestId}`),
        same,
        /\/v1\/client\/(returnInfo|refundCheck)$/,
      ),
    );

    // The console, signed in as the demo shop's owner through its form (a session cookie, which the reset keeps).
    const desk = await onlyTab(browser);
    await signInToConsole(desk, baseUrl);
    log("lighthouse: signed in to the console as the demo shop's owner");
    pages.push(await measure('console queue', url('/admin'), () => Promise.resolve(desk), /\/merchant\/v1\/requests/));
    pages.push(
      await measure(
        'console request',
        url(`/admin/requests/${String(requestId)}`),
        () => Promise.resolve(desk),
        new RegExp(`/merchant/v1/requests/${String(requestId)}$`),
      ),
    );
    return pages;
  } finally {
    await browser?.disconnect();
    chrome.kill();
  }
}
