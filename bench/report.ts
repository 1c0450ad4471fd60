/** bench/README.md, generated from bench/results.json: the intro below, every budgeted figure, then the details. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { budgetRows, DATABASE_NAMES, ENDPOINT_NAMES, kb, type BudgetRow } from './budgets.js';
import { chartSvg } from './chart.js';
import {
  RESULTS_FILE,
  type CatalogueQuery,
  type Machine,
  type QueryPlan,
  type Results,
  type Stamp,
} from './results.js';

const README_FILE = join(import.meta.dirname, 'README.md');
const CHART_FILE = join(import.meta.dirname, 'chart.svg');

const INTRO = `# Benchmarks

\`npm run bench\` measures the budgets of the issue and DESIGN §6 and rewrites this file from
\`bench/results.json\` (with \`bench/chart.svg\`). Do not edit it by hand: change the intro in \`bench/report.ts\`.

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

Run \`npm run build\` first (portal and server); \`BENCH_REBUILD=1\` rebuilds the server before the sections that spawn it.
Knobs: \`BENCH_SECONDS\` (5, per autocannon run, after \`BENCH_WARMUP_SECONDS\` (1) untimed), \`BENCH_CONNECTIONS\` (20), \`BENCH_SUBMITS\` (2000), \`BENCH_SCALE_SMALL\`
(10,000), \`BENCH_SCALE_ORDERS\` (1,000,000), \`BENCH_CATALOGUE_PRODUCTS\` (10,000), \`BENCH_IMPORT_ORDERS\` (100,000), \`BENCH_START_RUNS\` (5),
\`BENCH_LIGHTHOUSE_RUNS\` (5), \`BENCH_PG_URL\` (else \`TEST_DATABASE_URL\`; without either the PostgreSQL parts are skipped),
\`BENCH_REDIS_URL\` (else \`REDIS_URL\`, else redis://127.0.0.1:6379 when it answers). \`CHROME_PATH\` for the browser.
A run below the budgeted sizes is marked as a smoke run.

The load generator shares the machine with the servers (two cores here), so absolute numbers are low; the ratios to
the hello-world of the same run are what the budgets compare. SQLite runs on a file, as in production, not in memory.
Hand-written figures of earlier sessions are in this file's git history.`;

const day = (iso: string) => iso.slice(0, 10);
const machineLine = (m: Machine) =>
  `${String(m.cpus)} × ${m.cpuModel}, ${String(m.memoryGiB)} GiB, Node ${m.node}, ${m.os}`;
const sameMachine = (a: Machine, b: Machine) => machineLine(a) === machineLine(b);
const mark = (met: boolean | null) => (met === null ? '—' : met ? '✅' : '❌');
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function table(head: string[], rows: string[][]): string {
  return [head, head.map(() => '---'), ...rows].map((r) => `| ${r.map(cell).join(' | ')} |`).join('\n');
}

/** The section's date, and its machine when not the report's, and whether it was a smoke run. */
function runNote(stamp: Stamp | null, reference: Machine | null): string {
  if (!stamp) return '';
  const parts = [day(stamp.date)];
  if (reference && !sameMachine(stamp.machine, reference))
    parts.push(`on ${String(stamp.machine.cpus)} × ${stamp.machine.cpuModel}`);
  if (stamp.smoke) parts.push(`smoke run (${stamp.smoke})`);
  return parts.join(', ');
}

function sectionHeading(title: string, stamp: Stamp, reference: Machine): string {
  const where = sameMachine(stamp.machine, reference) ? '' : `, ${machineLine(stamp.machine)}`;
  const smoke = stamp.smoke ? ` — **smoke run** (${stamp.smoke}), not the budgeted sizes` : '';
  return `### ${title}\n\n_${stamp.date.slice(0, 16).replace('T', ' ')} UTC${where}; the section took ${String(stamp.tookSeconds)} s${smoke}._`;
}

function plansBlock(name: string, database: string, plans: QueryPlan[]): string {
  const body = plans.map((p) => `\`\`\`sql\n${p.sql}\n\`\`\`\n\n\`\`\`text\n${p.plan}\n\`\`\``).join('\n\n');
  return `<details><summary>${name} on ${database}: ${String(plans.length)} statements</summary>\n\n${body}\n\n</details>`;
}

const CATALOGUE_QUERIES: Record<CatalogueQuery, string> = {
  first: 'first page (featured)',
  search: 'search "sweater 12"',
  filtered: 'collection + $50–150 + in stock',
  priceAsc: 'price low-high',
  deep: 'page 20 (keyset cursor)',
};

function details(results: Results, reference: Machine): string[] {
  const out: string[] = [];
  const { api, submit, scale, catalogue, uploads, start, scaleout, import: imported, browser, bundle } = results;
  if (api) {
    const ratio = (rps: number) => (rps / api.hello.rps).toFixed(2);
    out.push(
      sectionHeading(`API (${String(api.seconds)} s per run, ${String(api.connections)} connections)`, api, reference),
      table(
        ['endpoint', 'req/s', 'ratio to hello-world', 'p99 ms', 'errors'],
        [
          [
            'hello-world (bare Fastify)',
            String(api.hello.rps),
            '1.00',
            String(api.hello.p99),
            String(api.hello.errors),
          ],
          ...(['getConfig', 'login', 'orders', 'returnInfo'] as const).map((name) => {
            const l = api.endpoints[name];
            return [ENDPOINT_NAMES[name], String(l.rps), ratio(l.rps), String(l.p99), String(l.errors)];
          }),
        ],
      ),
    );
  }
  if (submit)
    out.push(
      sectionHeading('Submit (setReturnOrder, 10 connections)', submit, reference),
      table(
        ['database', 'returns/s', 'created', 'p99 ms', 'errors'],
        submit.runs.map((r) => [
          DATABASE_NAMES[r.database],
          String(r.perSecond),
          `${String(r.created)} of ${String(r.count)}`,
          String(r.p99),
          String(r.errors),
        ]),
      ),
    );
  if (scale) {
    out.push(
      sectionHeading('Scale (p99 with more orders)', scale, reference),
      'Login signs in to orders drawn at random from those written; the orders list (alice, two orders) and ' +
        '`returnInfo` (her one request) read the same rows at both sizes, among ever more orders, lines and ' +
        'customers. Return requests do not grow with the orders. PostgreSQL is analysed after each fill (autovacuum ' +
        'would within a minute); SQLite is not, as the server never runs ANALYZE.',
    );
    for (const run of scale.runs) {
      const name = DATABASE_NAMES[run.database];
      out.push(
        `**${name}**: ${(run.large - run.small).toLocaleString('en')} orders written in ${String(run.fillSeconds)} s after the first ${run.small.toLocaleString('en')} (${Math.round((run.large - run.small) / Math.max(0.1, run.fillSeconds)).toLocaleString('en')} orders/s, one to three lines each, ten orders per shopper at a million).`,
        table(
          [
            'endpoint',
            `req/s at ${run.small.toLocaleString('en')}`,
            'p99 ms',
            `req/s at ${run.large.toLocaleString('en')}`,
            'p99 ms',
            'p99 ratio',
          ],
          (['login', 'orders', 'returnInfo'] as const).map((e) => {
            const { small, large } = run.endpoints[e];
            return [
              ENDPOINT_NAMES[e],
              String(small.rps),
              String(small.p99),
              String(large.rps),
              String(large.p99),
              (large.p99 / Math.max(1, small.p99)).toFixed(2),
            ];
          }),
        ),
        ...(['login', 'orders', 'returnInfo'] as const).map((e) => plansBlock(ENDPOINT_NAMES[e], name, run.plans[e])),
      );
    }
  }
  if (catalogue) {
    out.push(
      sectionHeading('Exchange catalogue (getVariantList, alice signed in)', catalogue, reference),
      "Pages of 24 products with all their variants and the shop's collections. Every query is one indexed read of a " +
        'page plus its variants; a deep page seeks to its keyset cursor instead of counting past the earlier pages.',
    );
    for (const run of catalogue.runs) {
      const name = DATABASE_NAMES[run.database];
      const queries = Object.keys(CATALOGUE_QUERIES) as CatalogueQuery[];
      out.push(
        `**${name}**: ${run.products.toLocaleString('en')} products written in ${String(run.fillSeconds)} s.`,
        table(
          ['query', 'req/s', 'p99 ms', 'errors'],
          queries.map((q) => [
            CATALOGUE_QUERIES[q],
            String(run.queries[q].rps),
            String(run.queries[q].p99),
            String(run.queries[q].errors),
          ]),
        ),
        ...queries.map((q) => plansBlock(CATALOGUE_QUERIES[q], name, run.plans[q])),
      );
    }
  }
  if (uploads) {
    const row = (label: string, u: typeof uploads.parallel) => [
      label,
      String(u.files),
      String(u.p95Ms),
      String(u.maxMs),
      String(u.errors),
      String(u.peakRssMb),
      String(u.hwmMb),
      String(u.healthP99Ms),
    ];
    out.push(
      sectionHeading(
        `Uploads (${String(uploads.fileMb)} MB JPEG, ${String(uploads.width)} × ${String(uploads.height)})`,
        uploads,
        reference,
      ),
      table(
        ['run', 'files', 'p95 ms', 'max ms', 'failed', 'RSS peak sampled MB', 'VmHWM MB', '/health p99 ms'],
        [row('at once', uploads.parallel), row('one after another', uploads.sequential)],
      ),
      'The server does not expose its event-loop delay; the /health round trip (which also runs `select 1`) is the ' +
        'delay as a client sees it, an upper bound of the loop delay.',
    );
  }
  if (start)
    out.push(
      sectionHeading('Start (built server, SQLite file with its data)', start, reference),
      `To listening: ${start.all.map((r) => `${String(r.listeningMs)} ms`).join(', ')}; idle RSS after 2 s: ${start.all.map((r) => `${String(r.idleRssMb)} MB`).join(', ')}.`,
    );
  if (scaleout) {
    const row = (label: string, figures: typeof scaleout.one) => [
      label,
      String(figures.getConfig.rps),
      String(figures.getConfig.p99),
      String(figures.orders.rps),
      String(figures.orders.p99),
      String(figures.getConfig.errors + figures.orders.errors),
    ];
    out.push(
      sectionHeading(
        `Scale-out (one PostgreSQL schema, ${scaleout.redis ? 'REDIS_URL set' : 'no Redis'}, through bench/proxy.ts)`,
        scaleout,
        reference,
      ),
      table(
        ['backends', 'getConfig req/s', 'p99 ms', 'orders list req/s', 'p99 ms', 'errors'],
        [row('1 process', scaleout.one), row('2 processes', scaleout.two)],
      ),
      'The proxy, the load generator and both servers share the same cores: on a two-core machine the second process ' +
        'mostly shows that nothing breaks, not how far throughput rises on a real second machine.',
    );
  }
  if (imported)
    out.push(
      sectionHeading('Order import', imported, reference),
      `${imported.count.toLocaleString('en')} orders (${imported.megabytes.toFixed(1)} MB of JSON lines) in ${imported.seconds.toFixed(1)} s, ${Math.round(imported.perSecond).toLocaleString('en')} orders/s; the bench process (server and its load) peaked at ${Math.round(imported.peakRssMb)} MB RSS.`,
    );
  const maximal = results['maximal-import'];
  if (maximal)
    out.push(
      sectionHeading('A maximal import call and /health', maximal, reference),
      table(
        ['database', 'MiB', 'created in ms', 'updated in ms', '/health pings', 'p99 ms', 'max ms'],
        maximal.runs.map((r) => [
          DATABASE_NAMES[r.database],
          String(r.megabytes),
          String(r.createMs),
          String(r.updateMs),
          String(r.pings),
          String(r.healthP99Ms),
          String(r.healthMaxMs),
        ]),
      ),
      'Three rounds of one import call of 500 orders × 164 lines (as many as fit in its 4 MiB) with the demo key, then ' +
        'the same orders at another price (every line updated), back to back, while another process asks for /health ' +
        'every 20 ms; the times are medians.',
    );
  if (browser) {
    const f = browser.figures;
    out.push(
      sectionHeading('Browser', browser, reference),
      table(
        ['page', 'performance', 'accessibility', 'best practices', 'LCP ms', 'TBT ms', 'CLS', 'runs'],
        f.lighthouse.map((p) => [
          p.page,
          String(p.performance),
          String(p.accessibility),
          String(p.bestPractices),
          String(Math.round(p.lcpMs)),
          String(Math.round(p.tbtMs)),
          p.cls.toFixed(3),
          String(p.runs),
        ]),
      ),
      `First view: ${kb(f.firstViewBytes.total)} KB transferred, ${kb(f.firstViewBytes.js)} KB of it JavaScript. INP: ${f.inp ? `p98 ${String(Math.round(f.inp.p98Ms))} ms over ${String(f.inp.interactions)} interactions at ${String(f.inp.cpuThrottle)}× CPU throttle` : 'not measured'}.`,
    );
  }
  if (bundle)
    out.push(
      sectionHeading('JavaScript per route (apps/portal/dist)', bundle, reference),
      table(
        ['route', 'files', 'KB gzipped'],
        bundle.routes.map((r) => [r.route, String(r.files), kb(r.gzipBytes)]),
      ),
    );
  return out;
}

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
    ...(reference ? ['## Details', ...details(results, reference)] : []),
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
