/**
 * Where a shopper's screen spends the main thread on a cold load (issue 37 point 1): Chromium at 4× CPU, V8's sampling
 * profiler on the page, `BENCH_COLD_LOADS` cold loads a screen after one untimed load, signed in as in the Lighthouse
 * section (bench/browser-lighthouse.ts). Lighthouse's simulation counts only some of the main thread's tasks on the way
 * to the largest paint; this counts all of the script a load runs until the network is idle, by file and function.
 */
import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type CDPSession, type Page, type Protocol } from 'puppeteer-core';
import { onlyTab, signInThroughForm } from './browser-lighthouse.js';
import { median } from './median.js';
import { CHROME_FLAGS, CHROME_PATH, orderOfSession, orderToSignInWith, submittedReturn } from './browser-shop.js';
import { env } from './env.js';
import { returnScreens } from './lighthouse-flow.js';
import { log } from './load.js';
import { withPortalServer } from './portal-figures.js';
import type { ColdLoadResult, ColdLoadScreen, Stamp } from './results.js';

const CPU_THROTTLE = 4;
/** Frames V8 names without a script that are not script: waiting, and native work outside it (style, layout, paint). */
const NOT_SCRIPT = new Set(['(idle)', '(program)', '(root)']);

type CpuProfile = Protocol.Profiler.Profile;
type Frame = Protocol.Runtime.CallFrame;

/** A built file by its name, the page itself (its inline scripts), or a native function V8 names. */
function fileOf({ url, functionName }: Frame): string {
  if (!url) return functionName.startsWith('(') ? functionName : `${functionName} (native)`;
  return url.includes('/assets/') ? (url.split('/').pop() ?? url) : 'the page (inline scripts)';
}

/** Self time (ms) by file and by function of one load's profile, and the script time in all. */
function selfTimes(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const files = new Map<string, number>();
  const functions = new Map<string, number>();
  let script = 0;
  (profile.samples ?? []).forEach((id, index) => {
    const frame = byId.get(id);
    if (!frame || NOT_SCRIPT.has(frame.functionName)) return;
    const ms = (profile.timeDeltas?.[index] ?? 0) / 1000;
    const file = fileOf(frame);
    const name = frame.url
      ? `${frame.functionName || '(anonymous)'} ${file}:${String(frame.lineNumber + 1)}:${String(frame.columnNumber + 1)}`
      : file;
    script += ms;
    files.set(file, (files.get(file) ?? 0) + ms);
    functions.set(name, (functions.get(name) ?? 0) + ms);
  });
  return { script, files, functions };
}

/** The `count` names of most time over the loads, each with its median over the loads (a load without it counts 0). */
function heaviest(loads: Map<string, number>[], count: number) {
  const names = new Set(loads.flatMap((load) => [...load.keys()]));
  return [...names]
    .map((name) => ({ name, ms: Math.round(median(loads.map((load) => load.get(name) ?? 0)) * 10) / 10 }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
}

async function coldLoad(tab: Page, cdp: CDPSession, url: string): Promise<CpuProfile> {
  await cdp.send('Network.clearBrowserCache');
  await tab.goto('about:blank');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  await cdp.send('Profiler.start');
  try {
    await tab.goto(url, { waitUntil: 'networkidle0' });
    if (tab.url() !== url) throw new Error(`a cold load of ${url} ended on ${tab.url()}: the session did not hold`);
    return (await cdp.send('Profiler.stop')).profile;
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}

async function measure(tab: Page, cdp: CDPSession, screen: string, url: string): Promise<ColdLoadScreen> {
  await coldLoad(tab, cdp, url);
  const loads = [];
  for (let i = 0; i < env.coldLoads; i++) loads.push(selfTimes(await coldLoad(tab, cdp, url)));
  const scriptMs = Math.round(median(loads.map((load) => load.script)));
  log(`coldload: ${screen}: ${String(scriptMs)} ms of script a load at ${String(CPU_THROTTLE)}× CPU`);
  return {
    screen,
    scriptMs,
    files: heaviest(
      loads.map((load) => load.files),
      6,
    ),
    functions: heaviest(
      loads.map((load) => load.functions),
      8,
    ),
  };
}

async function coldLoads(baseUrl: string): Promise<ColdLoadScreen[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${String(chrome.port)}` });
  try {
    const url = (path: string) => new URL(path, baseUrl).href;
    const tab = await onlyTab(browser);
    const token = await signInThroughForm(tab, baseUrl, await orderToSignInWith(baseUrl));
    const { orderId } = await orderOfSession(baseUrl, token);
    const cdp = await tab.createCDPSession();
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const at = (screen: string, target: string) => measure(tab, cdp, screen, target);
    // In the Lighthouse section's order: the orders list before a return is started, each screen as the walk reaches it.
    const screens = [
      await at('orders', url('/')),
      await at('step 1', url(`/process-manage/select/${String(orderId)}`)),
    ];
    screens.push(...(await returnScreens(url, orderId, at, tab)));
    const { requestId } = await submittedReturn(baseUrl, token);
    screens.push(await at('status', url(`/status-manage/return-details/${String(requestId)}`)));
    return screens;
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

export function benchColdLoad(): Promise<Omit<ColdLoadResult, keyof Stamp> | null> {
  return withPortalServer('coldload', async (baseUrl) => ({
    cpuThrottle: CPU_THROTTLE,
    loads: env.coldLoads,
    screens: await coldLoads(baseUrl),
  }));
}
