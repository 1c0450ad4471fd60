/** bench/README.md, generated from bench/results.json: the intro below, every budgeted figure, then the details. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { budgetRows } from './budget-rows.js';
import type { BudgetRow } from './budgets.js';
import { details, machineLine, mark, runNote, table } from './report-details.js';
import { chartSvg } from './chart.js';
import { coldLoadDetails } from './cold-load-report.js';
import { RESULTS_FILE, type Results, type Stamp } from './results.js';

const README_FILE = join(import.meta.dirname, 'README.md');
const CHART_FILE = join(import.meta.dirname, 'chart.svg');
/** Written by hand: each budget the figures miss, with its profile, what was tried and what it gave. */
const MISSED_FILE = join(import.meta.dirname, 'missed-budgets.md');

const INTRO = `# Benchmarks

\`npm run bench\` measures the budgets of the issue and DESIGN §6 and rewrites this file from
\`bench/results.json\` (with \`bench/chart.svg\`). Do not edit it by hand: change the intro in \`bench/report.ts\`, and
what the figures miss in \`bench/missed-budgets.md\`.

What runs, by section (\`BENCH_ONLY=api,submit,…\` runs some; the others keep their last figures and their own date;
\`BENCH_ONLY=report\` runs none and only rewrites this file and the chart):

| section    | what                                                                                                                                                                                                                                                       |
| ---------- | ---------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------- |
| \`api\`      | autocannon against a bare Fastify hello-world, then \`getConfig\`, order-number \`login\`, the orders list (\`index\`, alice's email session) and \`returnInfo\`, on the real app in this process on a SQLite file, rate limits lifted; ratios are to the hello-world of the same run |
| \`submit\`   | \`setReturnOrder\`, one return per fresh copy of #1001, 10 connections, on a SQLite file and on a throwaway PostgreSQL schema                                                                                                                               |
| \`scale\`    | p99 of login (random orders), orders list and \`returnInfo\` at 10,000 orders and at \`BENCH_SCALE_ORDERS\`, on both databases; orders written by the server's own bulk path; the plans of every statement these calls run                                     |
| \`catalogue\` | the exchange catalogue (\`getVariantList\`) on a shop of \`BENCH_CATALOGUE_PRODUCTS\` products (four sizes each, 20 collections), on both databases: first page, a search, collection + price + in-stock together, price low-high, and page 20 by keyset cursor; their plans |
| \`uploads\`  | 5 × 10 MB JPEGs through key → PUT → callback against the built server in its own process, at once and one after another; its RSS from /proc; /health round trips every 20 ms as the event-loop delay seen from outside                                       |
| \`start\`    | \`node apps/server/dist/main.js\` on a SQLite file with its data: spawn to the "running at" line, and RSS 2 s later; median of \`BENCH_START_RUNS\`                                                                                                             |
| \`scaleout\` | two built server processes on one PostgreSQL schema (and Redis) behind a round-robin proxy (\`bench/proxy.ts\`): throughput with one and two backends; 31 logins from one client address across both                                                         |
| \`import\`   | \`npm run merchant -- orders import\` of \`BENCH_IMPORT_ORDERS\` generated orders into a server on a SQLite file                                                                                                                                               |
| \`maximal-import\` | import calls of 500 orders × 164 lines (4 MiB), created then updated, three rounds, against the built server in its own process on a SQLite file (and PostgreSQL when configured); /health round trips every 20 ms meanwhile, from another process |
| \`browser\`  | Lighthouse (mobile, median of \`BENCH_LIGHTHOUSE_RUNS\`), INP at 4× CPU throttle and first-view bytes (\`bench/browser.ts\`) against the built server and portal                                                                                              |
| \`bundle\`   | JavaScript per route of \`apps/portal/dist\`, gzip level 9: what index.html loads, and the chunks on the way to the page's chunk (dynamic imports), each with its static imports                                                                                 |
| \`rules\`    | the rules simulator (\`simulateRules\`, issue #32) on a SQLite file: \`BENCH_SIMULATED\` generated orders with a request each, two drafts (the issue's journey rules, then with a serial-returner rule that reads every shopper's history), median of 3 |
| \`metrics\`  | getConfig and the orders list against the built server without metrics and with \`METRICS_TOKEN\` set (every request timed by route), on one SQLite file: each of \`BENCH_METRICS_ROUNDS\` rounds starts both in processes of their own and loads them side by side at the same time (so both meet the same moment of the shared machine); the cost is the median of the pairs' ratios of the server's CPU time per request (from /proc), less 1; the throughput for the record; and the median time of a \`/metrics\` scrape |
| \`profile\`  | order-number login, the orders list and returnInfo under load (as \`api\`), with V8's sampling profiler on the server's thread (the load runs in a worker): each call's busy time by area (our code, each package, Node, GC) and its functions with the most self time |
| \`coldload\` | each shopper screen of the \`browser\` section loaded cold \`BENCH_COLD_LOADS\` times (after one untimed load), signed in, in Chromium at 4× CPU with V8's sampling profiler on the page until the network is idle: the script a load runs, its files and its functions with the most self time (medians over the loads) |

Run \`npm run build\` first (portal and server); \`BENCH_REBUILD=1\` rebuilds the server before the sections that spawn it.
Knobs: \`BENCH_SECONDS\` (5, per autocannon run, after \`BENCH_WARMUP_SECONDS\` (1) untimed), \`BENCH_CONNECTIONS\` (20), \`BENCH_SUBMITS\` (2000), \`BENCH_SCALE_SMALL\`
(10,000), \`BENCH_SCALE_ORDERS\` (1,000,000), \`BENCH_CATALOGUE_PRODUCTS\` (10,000), \`BENCH_IMPORT_ORDERS\` (100,000), \`BENCH_SIMULATED\` (10,000), \`BENCH_START_RUNS\` (5), \`BENCH_COLD_LOADS\` (5), \`BENCH_METRICS_ROUNDS\` (5),
\`BENCH_LIGHTHOUSE_RUNS\` (5), \`BENCH_LIGHTHOUSE_REPORTS\` (a folder to keep each run's whole report in), \`BENCH_PG_URL\` (else \`TEST_DATABASE_URL\`; without either the PostgreSQL parts are skipped),
\`BENCH_REDIS_URL\` (else \`REDIS_URL\`, else redis://127.0.0.1:6379 when it answers). \`CHROME_PATH\` for the browser.
A run below the budgeted sizes is marked as a smoke run.

The load generator shares the machine with the servers (two cores here), so absolute numbers are low; the ratios to
the hello-world of the same run are what the budgets compare. SQLite runs on a file, as in production, not in memory.
Hand-written figures of earlier sessions are in this file's git history.`;

export function readme(results: Results): string {
  const stamps = Object.values(results).filter((s): s is Stamp => s !== undefined);
  const latest = stamps.reduce<Stamp | null>((a, b) => (a && a.date > b.date ? a : b), null);
  const reference = latest?.machine ?? null;
  const rows = budgetRows(results);
  const met = rows.filter((r) => r.met === true).length;
  const measured = rows.filter((r) => r.met !== null).length;
  const summary = latest
    ? `Last run ${latest.date.slice(0, 16).replace('T', ' ')} UTC on ${machineLine(latest.machine)}. ${String(met)} of ${String(measured)} measured budgets met.`
    : 'No figures yet: run `npm run bench`.';
  const smoke = stamps.some((s) => s.smoke)
    ? '\n> **Some figures come from a smoke run** (short runs, small sizes): they show the bench works, not whether a budget is met. Their rows say so.\n'
    : '';
  return [
    INTRO,
    `## Figures\n\n${summary}${smoke}`,
    '![Throughput and p99 per endpoint, and JavaScript per route, with their budgets](chart.svg)',
    table(
      ['figure', 'measured', 'budget', 'met', 'run'],
      rows.map((r: BudgetRow) => [r.figure, r.measured, r.budget, mark(r.met), runNote(r.stamp, reference)]),
    ),
    readFileSync(MISSED_FILE, 'utf8').trim(),
    ...(reference ? ['## Details', ...details(results, reference)] : []),
    ...(reference && results.coldload ? coldLoadDetails(results.coldload, reference) : []),
    '',
  ].join('\n\n');
}

/** Writes README.md, chart.svg and results.json next to this file, formatted as `npm run lint` wants them. */
export async function writeReport(results: Results): Promise<void> {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(README_FILE)) ?? {};
  writeFileSync(README_FILE, await prettier.format(readme(results), { ...options, parser: 'markdown' }));
  writeFileSync(RESULTS_FILE, await prettier.format(JSON.stringify(results), { ...options, parser: 'json' }));
  writeFileSync(CHART_FILE, chartSvg(results));
}
