/** What each section measured, kept in bench/results.json so a partial run still regenerates the whole README. */
import { existsSync, readFileSync } from 'node:fs';
import { cpus, freemem, release, totalmem, type } from 'node:os';
import { join } from 'node:path';
import type { BrowserFigures } from './browser.js';

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  os: string;
}

/** When and where a section ran, and whether at the budgeted sizes (`smoke` names what was smaller). */
export interface Stamp {
  date: string;
  machine: Machine;
  /** Wall time of the whole section, setup included. */
  tookSeconds: number;
  smoke: string | null;
}

export interface Load {
  rps: number;
  p99: number;
  errors: number;
}

export type Endpoint = 'getConfig' | 'login' | 'orders' | 'returnInfo';
export type Database = 'sqlite' | 'postgres';

export interface ApiResult extends Stamp {
  seconds: number;
  connections: number;
  hello: Load;
  endpoints: Record<Endpoint, Load>;
}

export interface SubmitRun {
  database: Database;
  count: number;
  created: number;
  perSecond: number;
  p99: number;
  errors: number;
}
export interface SubmitResult extends Stamp {
  runs: SubmitRun[];
}

export interface QueryPlan {
  sql: string;
  plan: string;
}
export type ScaleEndpoint = 'login' | 'orders' | 'returnInfo';
export interface ScaleRun {
  database: Database;
  small: number;
  large: number;
  /** Seconds to fill from `small` to `large` orders. */
  fillSeconds: number;
  endpoints: Record<ScaleEndpoint, { small: Load; large: Load }>;
  plans: Record<ScaleEndpoint, QueryPlan[]>;
}
export interface ScaleResult extends Stamp {
  runs: ScaleRun[];
}

export type CatalogueQuery = 'first' | 'search' | 'filtered' | 'priceAsc' | 'deep';
export interface CatalogueRun {
  database: Database;
  products: number;
  fillSeconds: number;
  queries: Record<CatalogueQuery, Load>;
  plans: Record<CatalogueQuery, QueryPlan[]>;
}
export interface CatalogueResult extends Stamp {
  runs: CatalogueRun[];
}

export interface UploadRun {
  files: number;
  p95Ms: number;
  maxMs: number;
  errors: number;
  /** Highest resident set of the server process during the run (sampled VmRSS) and since its start (VmHWM). */
  peakRssMb: number;
  hwmMb: number;
  /** p99 of a /health round trip during the uploads: event-loop delay seen from outside. */
  healthP99Ms: number;
}
export interface UploadsResult extends Stamp {
  /** The photo: MB of 2^20 bytes (the server's limit is 10 of them), and its pixels. */
  fileMb: number;
  width: number;
  height: number;
  parallel: UploadRun;
  sequential: UploadRun;
}

export interface StartResult extends Stamp {
  runs: number;
  /** Medians; `all` keeps every run. */
  listeningMs: number;
  idleRssMb: number;
  all: { listeningMs: number; idleRssMb: number }[];
}

export interface ScaleOutResult extends Stamp {
  redis: boolean;
  one: { getConfig: Load; orders: Load };
  two: { getConfig: Load; orders: Load };
  rateLimit: {
    limit: number;
    attempts: number;
    /** 1-based attempt that was first refused (null: none was). */
    firstRefused: number | null;
    refusedStatus: number | null;
    refusedCode: number | null;
    /** Answers per backend during the attempts. */
    perBackend: number[];
  };
}

export interface ImportResult extends Stamp {
  count: number;
  megabytes: number;
  seconds: number;
  perSecond: number;
  peakRssMb: number;
}

export interface MaximalImportRun {
  database: Database;
  /** The body of one call, in MiB. */
  megabytes: number;
  /** Medians: the call that created every order, and the same orders again at another price, every line updated. */
  createMs: number;
  updateMs: number;
  /** /health round trips sent during both calls, their p99 and the slowest. */
  pings: number;
  healthP99Ms: number;
  healthMaxMs: number;
}
export interface MaximalImportResult extends Stamp {
  runs: MaximalImportRun[];
}

export interface BrowserResult extends Stamp {
  figures: BrowserFigures;
}

export interface RouteSize {
  route: string;
  files: number;
  gzipBytes: number;
}
export interface BundleResult extends Stamp {
  routes: RouteSize[];
}

/** One draft rule set tried by the simulator: the median and every run, in ms, and what it said. */
export interface SimulatedDraft {
  name: string;
  ms: number;
  runs: number[];
  requests: number;
  changed: number;
  moneyDifference: number;
}
export interface RulesResult extends Stamp {
  /** Requests the shop had (the simulator tries the latest of them, up to its limit). */
  requests: number;
  drafts: SimulatedDraft[];
  /** One evaluation of 200 rules against an order of 50 lines (bench/rules-evaluator.ts). */
  evaluator?: { p50Ms: number; p99Ms: number; runs: number };
}

/** Throughput without and with /metrics (mean req/s over the rounds), its cost, and one scrape's median time. */
export interface MetricsCostResult extends Stamp {
  seconds: number;
  connections: number;
  rounds: number;
  /** Means of the rounds: req/s, and (since 2026-11-27) the server process's CPU µs per request. */
  endpoints: { name: 'getConfig' | 'orders'; off: number; on: number; offUs?: number; onUs?: number }[];
  /**
   * The median of the rounds' ratios of CPU time per request, on ÷ off, less 1, in percent (negative: no cost measurable
   * above the noise). Before 2026-11-27: 1 − the median of the rounds' throughput ratios.
   */
  costPercent: number;
  scrapeMs: number;
  /** One answer's observation alone (counted where each answer ends), microseconds. */
  observationUs?: number;
}

export type ProfiledEndpoint = 'login' | 'orders' | 'returnInfo';
/** One call under load with the sampling profiler: shares of the thread's busy time (bench/profile.ts). */
export interface ProfileCall {
  requests: number;
  busyMs: number;
  areas: { name: string; percent: number }[];
  frames: { name: string; percent: number }[];
}
export type ProfileResult = Stamp & Record<ProfiledEndpoint, ProfileCall>;

/** One shopper screen's cold loads with the page's sampling profiler (bench/cold-load.ts); medians over the loads. */
export interface ColdLoadScreen {
  screen: string;
  /** Script a load runs until the network is idle, throttled (self time of every frame but idle and native work). */
  scriptMs: number;
  files: { name: string; ms: number }[];
  functions: { name: string; ms: number }[];
}
export type ColdLoadResult = Stamp & { cpuThrottle: number; loads: number; screens: ColdLoadScreen[] };

export interface Results {
  api?: ApiResult;
  submit?: SubmitResult;
  scale?: ScaleResult;
  catalogue?: CatalogueResult;
  uploads?: UploadsResult;
  start?: StartResult;
  scaleout?: ScaleOutResult;
  import?: ImportResult;
  'maximal-import'?: MaximalImportResult;
  browser?: BrowserResult;
  bundle?: BundleResult;
  rules?: RulesResult;
  metrics?: MetricsCostResult;
  profile?: ProfileResult;
  coldload?: ColdLoadResult;
}

export const RESULTS_FILE = join(import.meta.dirname, 'results.json');

export function readResults(file = RESULTS_FILE): Results {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Results) : {};
}

export function machine(): Machine {
  const all = cpus();
  return {
    cpus: all.length,
    cpuModel: all[0]?.model.trim() ?? 'unknown CPU',
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${type()} ${release()}`,
  };
}

/** Free memory now, for the log (a busy machine explains odd figures). */
export const freeGiB = () => (freemem() / 1024 ** 3).toFixed(1);

/** Runs a section and stamps its answer (null: skipped) with the date, the machine and the wall time. */
export async function stamped<T>(smoke: string | null, run: () => Promise<T | null>): Promise<(T & Stamp) | null> {
  const started = performance.now();
  const figures = await run();
  if (figures === null) return null;
  return {
    date: new Date().toISOString(),
    machine: machine(),
    tookSeconds: Math.round((performance.now() - started) / 100) / 10,
    smoke,
    ...figures,
  };
}
