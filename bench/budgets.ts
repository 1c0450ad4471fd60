/** The budgets of the issue and DESIGN §6, and how figures are written (their rows: budget-rows.ts). */
import type { Endpoint, Stamp } from './results.js';

export interface BudgetRow {
  figure: string;
  measured: string;
  budget: string;
  /** null: not measured. */
  met: boolean | null;
  /** The section's stamp (date, machine, smoke), when measured. */
  stamp: Stamp | null;
}

export const KB = 1024;
export const kb = (bytes: number) => (bytes / KB).toFixed(1);
export const int = (n: number) => Math.round(n).toLocaleString('en');
export const ratio = (n: number) => n.toFixed(2);
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export const ENDPOINT_NAMES: Record<Endpoint, string> = {
  getConfig: 'getConfig',
  login: 'order-number login',
  orders: 'orders list',
  returnInfo: 'returnInfo',
};
export const DATABASE_NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;

export const BUDGET = {
  loginJsBytes: 100 * KB,
  firstViewBytes: 200 * KB,
  lighthouse: { performance: 95, accessibility: 100, bestPractices: 100, lcpMs: 2500, tbtMs: 200, cls: 0.1 },
  /** The console's queue and request page, signed in (issue 37 point 2). */
  consoleLighthousePerformance: 90,
  getConfigRatio: 0.5,
  apiRatio: 0.25,
  apiP99: 25,
  submitPerSecond: { sqlite: 200, postgres: 100 },
  submitP99: 100,
  scaleRatio: 1.5,
  /** A page deep in the exchange catalogue (keyset cursor) against its first page, p99. */
  catalogueDeepRatio: 1.5,
  uploadP95Ms: 3000,
  uploadRssMb: 512,
  eventLoopP99Ms: 100,
  inpMs: 200,
  startMs: 1000,
  idleRssMb: 150,
  importSeconds: 60,
  /** /health while a maximal import call runs (issue #30, point 5). */
  maximalImportHealthP99Ms: 100,
  /** The rules simulator over 10,000 past requests on SQLite (issue #32). */
  simulatorMs: 5000,
  /** 200 rules against an order of 50 lines, p99 (issue #32). */
  evaluatorP99Ms: 1,
  /** What /metrics costs in throughput, percent (issue 38). */
  metricsCostPercent: 2,
} as const;

/** A budgeted figure no run has measured yet. */
export const missing = (figure: string, budget: string): BudgetRow => ({
  figure,
  measured: 'not measured',
  budget,
  met: null,
  stamp: null,
});
