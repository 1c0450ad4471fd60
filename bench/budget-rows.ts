/** Every budgeted figure of the issue and DESIGN §6, measured or not, with its budget and whether it is met. */
import { BUDGET, ENDPOINT_NAMES, DATABASE_NAMES, kb, int, missing, ratio, seconds, type BudgetRow } from './budgets.js';
import type { Endpoint, Load, Results, ScaleEndpoint, Stamp } from './results.js';
import { lighthouseRows } from './lighthouse-rows.js';
import { rulesRows } from './rules.js';

function apiRow(name: Endpoint, load: Load | undefined, hello: Load | undefined, stamp: Stamp | null): BudgetRow {
  const getConfig = name === 'getConfig';
  const figure = `${ENDPOINT_NAMES[name]} ÷ bare Fastify`;
  const budget = getConfig
    ? `≥ ${String(BUDGET.getConfigRatio)}`
    : `≥ ${String(BUDGET.apiRatio)}, p99 ≤ ${String(BUDGET.apiP99)} ms`;
  if (!load || !hello) return missing(figure, budget);
  const r = load.rps / hello.rps;
  return {
    figure,
    measured: `${ratio(r)} (${int(load.rps)} ÷ ${int(hello.rps)} req/s), p99 ${String(load.p99)} ms, ${String(load.errors)} errors`,
    budget,
    met: getConfig ? r >= BUDGET.getConfigRatio : r >= BUDGET.apiRatio && load.p99 <= BUDGET.apiP99,
    stamp,
  };
}

export function budgetRows(results: Results): BudgetRow[] {
  const rows: BudgetRow[] = [];
  const { api, submit, scale, catalogue, uploads, start, scaleout, import: imported, browser, bundle } = results;

  const login = bundle?.routes.find((r) => r.route === 'login');
  rows.push(
    login && bundle
      ? {
          figure: 'JS on the login route, gzipped',
          measured: `${kb(login.gzipBytes)} KB`,
          budget: '≤ 100 KB',
          met: login.gzipBytes <= BUDGET.loginJsBytes,
          stamp: bundle,
        }
      : missing('JS on the login route, gzipped', '≤ 100 KB'),
  );
  const firstView = browser ? browser.figures.firstViewBytes : null;
  rows.push(
    browser && firstView
      ? {
          figure: 'First view of the login page, total transfer',
          measured: `${kb(firstView.total)} KB (JS ${kb(firstView.js)} KB)`,
          budget: '≤ 200 KB',
          met: firstView.total <= BUDGET.firstViewBytes,
          stamp: browser,
        }
      : missing('First view of the login page, total transfer', '≤ 200 KB'),
  );
  rows.push(...lighthouseRows(browser?.figures, browser ?? null));

  for (const name of ['getConfig', 'login', 'orders', 'returnInfo'] as const)
    rows.push(apiRow(name, api?.endpoints[name], api?.hello, api ?? null));

  for (const database of ['sqlite', 'postgres'] as const) {
    const run = submit?.runs.find((r) => r.database === database);
    const floor = BUDGET.submitPerSecond[database];
    const figure = `submit on ${DATABASE_NAMES[database]}`;
    const budget = `≥ ${String(floor)} returns/s, p99 ≤ ${String(BUDGET.submitP99)} ms, 0 errors`;
    rows.push(
      run && submit
        ? {
            figure,
            measured: `${int(run.perSecond)} returns/s (${int(run.created)} of ${int(run.count)}), p99 ${String(run.p99)} ms, ${String(run.errors)} errors`,
            budget,
            met: run.perSecond >= floor && run.p99 <= BUDGET.submitP99 && run.errors === 0 && run.created === run.count,
            stamp: submit,
          }
        : missing(figure, budget),
    );
  }

  for (const database of ['sqlite', 'postgres'] as const) {
    const run = scale?.runs.find((r) => r.database === database);
    for (const name of ['login', 'orders', 'returnInfo'] as ScaleEndpoint[]) {
      const figure = `p99 at ${run ? int(run.large) : '1,000,000'} ÷ at ${run ? int(run.small) : '10,000'} orders: ${ENDPOINT_NAMES[name]}, ${DATABASE_NAMES[database]}`;
      const budget = `≤ ${String(BUDGET.scaleRatio)} (plans below)`;
      if (!run || !scale) {
        rows.push(missing(figure, budget));
        continue;
      }
      const { small, large } = run.endpoints[name];
      const r = large.p99 / Math.max(1, small.p99);
      rows.push({
        figure,
        measured: `${ratio(r)} (${String(small.p99)} → ${String(large.p99)} ms; ${String(small.errors + large.errors)} errors)`,
        budget,
        met: r <= BUDGET.scaleRatio && small.errors + large.errors === 0,
        stamp: scale,
      });
    }
  }

  for (const database of ['sqlite', 'postgres'] as const) {
    const run = catalogue?.runs.find((r) => r.database === database);
    const figure = `Exchange catalogue at ${run ? int(run.products) : '10,000'} products, p99 of page ${String(20)} ÷ page 1, ${DATABASE_NAMES[database]}`;
    const budget = `≤ ${String(BUDGET.catalogueDeepRatio)} (all queries and plans below)`;
    if (!run || !catalogue) {
      rows.push(missing(figure, budget));
      continue;
    }
    const { first, deep } = run.queries;
    const errors = Object.values(run.queries).reduce((sum, q) => sum + q.errors, 0);
    const r = deep.p99 / Math.max(1, first.p99);
    rows.push({
      figure,
      measured: `${ratio(r)} (${String(first.p99)} → ${String(deep.p99)} ms; ${String(errors)} errors)`,
      budget,
      met: r <= BUDGET.catalogueDeepRatio && errors === 0,
      stamp: catalogue,
    });
  }

  const parallel = uploads ? uploads.parallel : null;
  const uploadRows: [string, string, (u: NonNullable<typeof parallel>) => [string, boolean]][] = [
    [
      '5 × 10 MB uploads at once: p95 of the whole upload',
      '≤ 3 s',
      (u) => [`${seconds(u.p95Ms)} (${String(u.errors)} failed)`, u.p95Ms <= BUDGET.uploadP95Ms && u.errors === 0],
    ],
    [
      '5 × 10 MB uploads at once: server RSS, highest',
      '≤ 512 MB',
      (u) => [`${String(u.hwmMb)} MB`, u.hwmMb <= BUDGET.uploadRssMb],
    ],
    [
      '5 × 10 MB uploads at once: event-loop delay p99 (a /health round trip, seen from outside)',
      '≤ 100 ms',
      (u) => [`${String(u.healthP99Ms)} ms`, u.healthP99Ms <= BUDGET.eventLoopP99Ms],
    ],
  ];
  for (const [figure, budget, measure] of uploadRows) {
    if (!parallel) {
      rows.push(missing(figure, budget));
      continue;
    }
    const [measured, met] = measure(parallel);
    rows.push({ figure, measured, budget, met, stamp: uploads ?? null });
  }

  const inp = browser ? browser.figures.inp : null;
  rows.push(
    browser && inp
      ? {
          figure: `INP on the return journey at ${String(inp.cpuThrottle)}× CPU throttle (p98 of ${String(inp.interactions)} interactions)`,
          measured: `${int(inp.p98Ms)} ms`,
          budget: '≤ 200 ms',
          met: inp.p98Ms <= BUDGET.inpMs,
          stamp: browser,
        }
      : missing('INP on the return journey at 4× CPU throttle', '≤ 200 ms'),
  );

  rows.push(
    start
      ? {
          figure: `Server start, compiled, data kept: to listening (median of ${String(start.runs)})`,
          measured: seconds(start.listeningMs),
          budget: '≤ 1 s',
          met: start.listeningMs <= BUDGET.startMs,
          stamp: start,
        }
      : missing('Server start, compiled, data kept: to listening', '≤ 1 s'),
    start
      ? {
          figure: 'Server idle RSS, 2 s after start (median)',
          measured: `${String(start.idleRssMb)} MB`,
          budget: '≤ 150 MB',
          met: start.idleRssMb <= BUDGET.idleRssMb,
          stamp: start,
        }
      : missing('Server idle RSS, 2 s after start', '≤ 150 MB'),
  );

  if (scaleout) {
    const gain = (name: 'getConfig' | 'orders') => scaleout.two[name].rps / Math.max(1, scaleout.one[name].rps);
    const { rateLimit } = scaleout;
    rows.push(
      {
        figure: 'Scale-out: throughput with 2 processes ÷ 1, through the proxy (getConfig; orders list)',
        measured: `${ratio(gain('getConfig'))}; ${ratio(gain('orders'))}`,
        budget: 'rises (> 1)',
        met: gain('getConfig') > 1 && gain('orders') > 1,
        stamp: scaleout,
      },
      {
        figure: `Scale-out: one client's login limit (${String(rateLimit.limit)}) across both processes`,
        measured:
          rateLimit.firstRefused === null
            ? `none of ${String(rateLimit.attempts)} refused`
            : `attempt ${String(rateLimit.firstRefused)} of ${String(rateLimit.attempts)} refused (HTTP ${String(rateLimit.refusedStatus)}, code ${String(rateLimit.refusedCode)}); answered by process 1 / 2: ${rateLimit.perBackend.join(' / ')}`,
        budget: `attempt ${String(rateLimit.limit + 1)} refused`,
        met: rateLimit.firstRefused === rateLimit.limit + 1 && rateLimit.perBackend.every((n) => n > 0),
        stamp: scaleout,
      },
    );
  } else {
    rows.push(
      missing('Scale-out: throughput with 2 processes ÷ 1', 'rises (> 1)'),
      missing("Scale-out: one client's login limit across both processes", 'attempt 31 refused'),
    );
  }

  for (const database of ['sqlite', 'postgres'] as const) {
    const maximal = results['maximal-import'];
    const run = maximal?.runs.find((r) => r.database === database);
    const figure = `/health p99 during a maximal import call (500 orders, 4 MiB), ${DATABASE_NAMES[database]}`;
    const budget = `≤ ${String(BUDGET.maximalImportHealthP99Ms)} ms`;
    rows.push(
      run && maximal
        ? {
            figure,
            measured: `${String(run.healthP99Ms)} ms (max ${String(run.healthMaxMs)} ms over ${String(run.pings)} pings; import ${seconds(run.createMs)} new, ${seconds(run.updateMs)} updated)`,
            budget,
            met: run.healthP99Ms <= BUDGET.maximalImportHealthP99Ms,
            stamp: maximal,
          }
        : missing(figure, budget),
    );
  }

  rows.push(
    imported
      ? {
          figure: `Order import, ${int(imported.count)} orders (CLI → API → SQLite)`,
          measured: `${imported.seconds.toFixed(1)} s (${int(imported.perSecond)} orders/s, ${imported.megabytes.toFixed(1)} MB)`,
          budget: '100,000 in ≤ 60 s',
          met:
            imported.count >= 100_000 ? imported.seconds <= BUDGET.importSeconds : imported.perSecond >= 100_000 / 60,
          stamp: imported,
        }
      : missing('Order import (CLI → API → SQLite)', '100,000 in ≤ 60 s'),
    ...rulesRows(results),
    metricsRow(results),
  );
  return rows;
}

/** What the instrumentation behind /metrics costs in throughput (issue 38, ADR 045). */
function metricsRow({ metrics }: Results): BudgetRow {
  const figure = 'Cost of /metrics: server CPU per request (getConfig and orders list, SQLite)';
  const budget = `≤ ${String(BUDGET.metricsCostPercent)} %`;
  if (!metrics) return missing(figure, budget);
  const us = (e: (typeof metrics.endpoints)[number]) =>
    e.offUs === undefined ? '' : ` ${e.offUs.toFixed(0)} → ${(e.onUs ?? 0).toFixed(0)} CPU µs,`;
  const calls = metrics.endpoints.map((e) => `${e.name}${us(e)} ${int(e.off)} → ${int(e.on)} req/s`).join('; ');
  const basis = metrics.endpoints.some((e) => e.offUs !== undefined) ? 'CPU time per request' : 'throughput';
  return {
    figure,
    measured: `${metrics.costPercent.toFixed(1)} % (${calls}; means of ${String(metrics.rounds)} rounds, cost from their median ratio of ${basis}; a scrape ${String(metrics.scrapeMs)} ms${metrics.observationUs === undefined ? '' : `; the observation alone ${String(metrics.observationUs)} µs per request`})`,
    budget,
    met: metrics.costPercent <= BUDGET.metricsCostPercent,
    stamp: metrics,
  };
}
