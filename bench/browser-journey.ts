/**
 * Two figures from a Chromium that playwright-core drives: INP over the shopper's return journey at 4× CPU
 * throttling (web-vitals in the page), and the bytes a first visit to the login page transfers.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { OrderLogin } from './browser-shop.js';
import { HEADINGS } from './lighthouse-flow.js';

export interface InpFigure {
  p98Ms: number;
  interactions: number;
  cpuThrottle: number;
}

export const CPU_THROTTLE = 4;
/** A pause once a screen shows, as a shopper reads before acting (no click lands on a screen still rendering). */
const THINK_MS = 500;
/** Between keys when typing, like a quick typist; each key is an interaction of its own. */
const KEY_DELAY_MS = 80;
/** The e2e suite's phone: what the journey looks like on mobile, which the Lighthouse figures emulate too. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

export async function launchBrowser(executablePath: string, args: string[]): Promise<Browser> {
  return chromium.launch({ executablePath, args, headless: true });
}

/** web-vitals' attribution build as a classic script (it defines `webVitals`); the package exports no such path. */
const webVitalsSource = () =>
  readFileSync(
    join(dirname(createRequire(import.meta.url).resolve('web-vitals/attribution')), 'web-vitals.attribution.iife.js'),
    'utf8',
  );

interface InpReport {
  /** performance.timeOrigin: which document reported. */
  document: number;
  value: number;
  target: string;
  type: string;
  /** Input delay, processing and presentation delay of the worst interaction, in ms. */
  parts: [number, number, number];
  interactions: number;
}

/** In every document: web-vitals' INP (all changes, every interaction of 16 ms or more) to Node. */
const COLLECTOR = `
  webVitals.onINP((metric) => {
    window.__benchInp({
      document: performance.timeOrigin,
      value: metric.value,
      target: metric.attribution.interactionTarget,
      type: metric.attribution.interactionType,
      parts: [metric.attribution.inputDelay, metric.attribution.processingDuration, metric.attribution.presentationDelay],
      interactions: performance.interactionCount ?? 0,
    });
  }, { reportAllChanges: true, durationThreshold: 16 });
`;

/** Waits for `what` to show, then gives the shopper a moment to read. */
async function settle(page: Page, what: Locator) {
  await what.waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForTimeout(THINK_MS);
}

/**
 * The return journey as the e2e suite walks it, on a phone at 4× CPU throttling: the login form (the order number
 * and email typed key by key), the order's "Create return", the Linen Shirt with "Doesn't suit me" on step 1, a
 * refund on step 2, shipping on one's own on step 3, and the check page (step 4), where it stops, short of
 * submitting (so that the order stays as it was). Answers web-vitals' INP (the worst interaction below 50
 * interactions, about the 98th percentile above) and the number of interactions (performance.interactionCount).
 */
export async function inpOverJourney(
  browser: Browser,
  baseUrl: string,
  login: OrderLogin,
  log: (line: string) => void,
): Promise<InpFigure> {
  const context = await browser.newContext({ ...PHONE, baseURL: baseUrl });
  // At 4× CPU on a shared machine a screen can take a while.
  context.setDefaultTimeout(60_000);
  try {
    const reports = new Map<number, InpReport>();
    await context.exposeFunction('__benchInp', (report: InpReport) => {
      reports.set(report.document, report);
    });
    await context.addInitScript({ content: `${webVitalsSource()}\n${COLLECTOR}` });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });

    await page.goto('/');
    await settle(page, page.getByRole('button', { name: 'Start Your Return' }));
    await page.getByRole('tab', { name: 'Order number' }).click();
    await page.getByRole('textbox', { name: 'Order number' }).click();
    await page.getByRole('textbox', { name: 'Order number' }).pressSequentially(login.orderNumber, {
      delay: KEY_DELAY_MS,
    });
    await page.getByLabel('Email address').click();
    await page.getByLabel('Email address').pressSequentially(login.email, { delay: KEY_DELAY_MS });
    await page.getByRole('button', { name: 'Start Your Return' }).click();

    const order = page.getByRole('article', { name: login.orderNumber });
    await settle(page, order.getByRole('link', { name: /^(Create return|View request progress)$/ }));
    if (!(await order.getByRole('link', { name: 'Create return' }).isVisible()))
      throw new Error(`order ${login.orderNumber} already has a return request (fresh orders need DEV_TOOLS=true)`);
    await order.getByRole('link', { name: 'Create return' }).click();
    await settle(page, page.getByRole('heading', { name: HEADINGS.select }));
    await page.getByRole('checkbox', { name: 'Linen Shirt / M' }).click();
    const dialog = page.getByRole('dialog');
    await settle(page, dialog.getByRole('radio', { name: "Doesn't suit me" }));
    await dialog.getByRole('radio', { name: "Doesn't suit me" }).check();
    await page.waitForTimeout(THINK_MS);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await settle(page, page.getByText("Selected: 1 × Doesn't suit me"));
    await page.getByRole('button', { name: 'Continue' }).click();

    await settle(page, page.getByRole('heading', { name: HEADINGS.solution }));
    await page.getByRole('radio', { name: /Refund to original payment method/ }).check();
    await page.waitForTimeout(THINK_MS);
    await page.getByRole('button', { name: 'Continue' }).click();

    await settle(page, page.getByRole('heading', { name: HEADINGS.method }));
    await page.getByRole('radio', { name: /Ship on your own/ }).check();
    await page.waitForTimeout(THINK_MS);
    await page.getByRole('button', { name: 'Continue' }).click();

    await settle(page, page.getByRole('heading', { name: HEADINGS.check }));
    await page.getByTestId('total-refund').waitFor({ state: 'visible' });
    // Event Timing entries arrive after the next paint, and web-vitals handles them when idle.
    await page.waitForTimeout(1500);
    const current = Number(await page.evaluate('performance.interactionCount ?? 0'));
    const documents = [...reports.values()];
    if (documents.length === 0) throw new Error('web-vitals reported no INP over the journey');
    if (documents.length > 1) log(`inp: the journey spanned ${documents.length} documents; the worst INP counts`);
    const worst = documents.reduce((a, b) => (b.value > a.value ? b : a));
    const latest = documents.reduce((a, b) => (b.document > a.document ? b : a));
    const interactions = documents.reduce((sum, d) => sum + (d === latest ? current : d.interactions), 0);
    const [input, processing, presentation] = worst.parts;
    log(
      `inp: ${worst.value} ms (${worst.type} on ${worst.target}: input delay ${Math.round(input)}, ` +
        `processing ${Math.round(processing)}, presentation ${Math.round(presentation)} ms), ` +
        `${interactions} interactions, ${CPU_THROTTLE}× CPU`,
    );
    return { p98Ms: Math.round(worst.value), interactions, cpuThrottle: CPU_THROTTLE };
  } finally {
    await context.close();
  }
}

/**
 * The login page ("/", signed out) on a first visit: a fresh context (empty cache), until the network is idle. Sums
 * what Chromium reports as received for each request (Network.loadingFinished encodedDataLength: the compressed
 * body and the response headers), for scripts and for everything. Chromium asks for gzip and brotli itself.
 */
export async function firstViewBytes(browser: Browser, baseUrl: string): Promise<{ js: number; total: number }> {
  const context: BrowserContext = await browser.newContext({ ...PHONE, baseURL: baseUrl });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const scripts = new Set<string>();
    let js = 0;
    let total = 0;
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (type === 'Script' || /javascript|ecmascript/.test(response.mimeType)) scripts.add(requestId);
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      total += encodedDataLength;
      if (scripts.has(requestId)) js += encodedDataLength;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Start Your Return' }).waitFor({ state: 'visible' });
    // Whatever the page fetches once idle (fonts, a language) belongs to the first view too.
    await page.waitForLoadState('networkidle');
    return { js, total };
  } finally {
    await context.close();
  }
}
