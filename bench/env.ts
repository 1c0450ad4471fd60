/** The bench's knobs, read once from the environment (documented in report.ts's intro). */

export const SECTIONS = [
  'api',
  'submit',
  'scale',
  'catalogue',
  'uploads',
  'start',
  'scaleout',
  'import',
  'maximal-import',
  'browser',
  'bundle',
  'rules',
  'metrics',
  'profile',
  'coldload',
] as const;
export type Section = (typeof SECTIONS)[number];

const number = (name: string, fallback: number) => {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value.replaceAll('_', ''));
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`${name} must be a number, not ${value}`);
  return parsed;
};

function selected(): Section[] {
  const only = process.env.BENCH_ONLY?.trim();
  if (!only) return [...SECTIONS];
  // Nothing runs: README.md and chart.svg are regenerated from results.json.
  if (only === 'report') return [];
  const names = only.split(',').map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !(SECTIONS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`BENCH_ONLY: unknown section(s) ${unknown.join(', ')}; known: ${SECTIONS.join(', ')}`);
  return SECTIONS.filter((section) => names.includes(section));
}

export const env = {
  sections: selected(),
  /** Seconds per autocannon run. */
  seconds: number('BENCH_SECONDS', 5),
  /** Untimed seconds before each autocannon run. */
  warmUpSeconds: number('BENCH_WARMUP_SECONDS', 1),
  connections: number('BENCH_CONNECTIONS', 20),
  submits: number('BENCH_SUBMITS', 2000),
  scaleSmall: number('BENCH_SCALE_SMALL', 10_000),
  scaleOrders: number('BENCH_SCALE_ORDERS', 1_000_000),
  /** Products of the exchange catalogue section's shop. */
  catalogueProducts: number('BENCH_CATALOGUE_PRODUCTS', 10_000),
  importOrders: number('BENCH_IMPORT_ORDERS', 100_000),
  /** Past requests the rules simulator tries drafts on (one per generated order). */
  simulated: number('BENCH_SIMULATED', 10_000),
  /** Lighthouse runs per page (the median is reported). */
  lighthouseRuns: number('BENCH_LIGHTHOUSE_RUNS', 5),
  /** A folder to keep every Lighthouse run's whole report in (`<page>-<run>.json`, for the Lighthouse viewer). */
  lighthouseReports: process.env.BENCH_LIGHTHOUSE_REPORTS ?? null,
  startRuns: number('BENCH_START_RUNS', 5),
  /** Cold loads a screen in the coldload section (medians reported). */
  coldLoads: number('BENCH_COLD_LOADS', 5),
  metricsRounds: number('BENCH_METRICS_ROUNDS', 5),
  /** PostgreSQL for the submit, scale and scale-out sections; without it those parts are skipped. */
  pgUrl: process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? null,
  redisUrl: process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};

/** The sizes a figure is budgeted at; a run below them is a smoke run, and the report says so. */
export const FULL = {
  seconds: 5,
  submits: 2000,
  scaleOrders: 1_000_000,
  catalogueProducts: 10_000,
  importOrders: 100_000,
  simulated: 10_000,
  runs: 5,
} as const;
