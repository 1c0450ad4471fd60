/** The details of bench/README.md: each run's figures beside its budgets, with the query plans. */
import { DATABASE_NAMES, ENDPOINT_NAMES, kb } from './budgets.js';
import type { CatalogueQuery, Machine, ProfileResult, QueryPlan, Results, Stamp } from './results.js';

const day = (iso: string) => iso.slice(0, 10);
export const machineLine = (m: Machine) =>
  `${String(m.cpus)} × ${m.cpuModel}, ${String(m.memoryGiB)} GiB, Node ${m.node}, ${m.os}`;
const sameMachine = (a: Machine, b: Machine) => machineLine(a) === machineLine(b);
export const mark = (met: boolean | null) => (met === null ? '—' : met ? '✅' : '❌');
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function table(head: string[], rows: string[][]): string {
  return [head, head.map(() => '---'), ...rows].map((r) => `| ${r.map(cell).join(' | ')} |`).join('\n');
}

/** The section's date, and its machine when not the report's, and whether it was a smoke run. */
export function runNote(stamp: Stamp | null, reference: Machine | null): string {
  if (!stamp) return '';
  const parts = [day(stamp.date)];
  if (reference && !sameMachine(stamp.machine, reference))
    parts.push(`on ${String(stamp.machine.cpus)} × ${stamp.machine.cpuModel}`);
  if (stamp.smoke) parts.push(`smoke run (${stamp.smoke})`);
  return parts.join(', ');
}

export function sectionHeading(title: string, stamp: Stamp, reference: Machine): string {
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

export function details(results: Results, reference: Machine): string[] {
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
      'The /health round trip is the event-loop delay as a client sees it, an upper bound of the loop delay (until ' +
        'issue 38 /health also ran `select 1`; /metrics now reports the loop delay itself when enabled).',
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
  if (results.profile) out.push(...profileDetails(results.profile, reference));
  return out;
}

const PROFILED = { login: 'order-number login', orders: 'orders list', returnInfo: 'returnInfo' } as const;

/** Each profiled call: where its busy time went, by area and by function (self time). */
function profileDetails(profile: ProfileResult, reference: Machine): string[] {
  const share = (rows: { name: string; percent: number }[]) => rows.map((r) => [`\`${r.name}\``, r.percent.toFixed(1)]);
  return [
    sectionHeading('Profile (server thread, sampled every 100 µs under load)', profile, reference),
    ...(['login', 'orders', 'returnInfo'] as const).flatMap((name) => {
      const call = profile[name];
      const perRequest = call.requests > 0 ? ((call.busyMs * 1000) / call.requests).toFixed(0) : '–';
      return [
        `**${PROFILED[name]}**: ${String(call.requests)} requests, ${String(call.busyMs)} ms busy (${perRequest} µs a request).`,
        table(['area (self time)', '%'], share(call.areas)),
        table(['function (self time)', '%'], share(call.frames)),
      ];
    }),
  ];
}
