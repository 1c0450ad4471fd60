/**
 * bench/chart.svg, drawn by hand: throughput and p99 per endpoint, and JavaScript per route, as horizontal bars with
 * their budgets. A white card with dark text, so it reads the same in GitHub's light and dark themes.
 */
import { BUDGET, DATABASE_NAMES, ENDPOINT_NAMES, KB } from './budgets.js';
import type { Results } from './results.js';

interface Bar {
  label: string;
  value: number;
  /** Drawn as a mark on the bar's row; a bar past it is red. */
  budget?: number;
  /** A floor rather than a ceiling: a bar short of it is red. */
  atLeast?: boolean;
}

interface Panel {
  title: string;
  unit: string;
  bars: Bar[];
}

const WIDTH = 760;
const LABEL_WIDTH = 200;
const VALUE_WIDTH = 90;
const ROW = 24;
const BAR = 16;
const TITLE = 34;
const GAP = 18;
const COLORS = {
  text: '#1f2328',
  muted: '#59636e',
  bar: '#2f6fdc',
  over: '#cf222e',
  budget: '#1f2328',
  grid: '#d1d9e0',
};

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const format = (value: number) =>
  value >= 100 ? Math.round(value).toLocaleString('en') : value.toFixed(value >= 10 ? 1 : 2).replace(/\.?0+$/, '');

function panelHeight(panel: Panel) {
  return TITLE + Math.max(1, panel.bars.length) * ROW + 6;
}

function drawPanel(panel: Panel, top: number): string {
  const parts = [
    `<text x="16" y="${String(top + 22)}" font-size="15" font-weight="600" fill="${COLORS.text}">${escape(panel.title)}</text>`,
  ];
  const span = WIDTH - LABEL_WIDTH - VALUE_WIDTH - 16;
  const max = Math.max(1, ...panel.bars.map((b) => Math.max(b.value, b.budget ?? 0))) * 1.05;
  const x = (value: number) => LABEL_WIDTH + (value / max) * span;
  if (panel.bars.length === 0)
    parts.push(
      `<text x="${String(LABEL_WIDTH)}" y="${String(top + TITLE + 16)}" font-size="13" fill="${COLORS.muted}">not measured</text>`,
    );
  panel.bars.forEach((bar, i) => {
    const y = top + TITLE + i * ROW;
    const over = bar.budget !== undefined && (bar.atLeast ? bar.value < bar.budget : bar.value > bar.budget);
    const width = Math.max(1, x(bar.value) - LABEL_WIDTH);
    // The value goes after the bar, or after the budget mark when that is further right.
    const labelX = Math.max(LABEL_WIDTH + width, bar.budget === undefined ? 0 : x(bar.budget) + 2) + 6;
    parts.push(
      `<text x="${String(LABEL_WIDTH - 8)}" y="${String(y + 13)}" font-size="13" text-anchor="end" fill="${COLORS.text}">${escape(bar.label)}</text>`,
      `<rect x="${String(LABEL_WIDTH)}" y="${String(y + 1)}" width="${width.toFixed(1)}" height="${String(BAR)}" rx="2" fill="${over ? COLORS.over : COLORS.bar}"/>`,
      `<text x="${labelX.toFixed(1)}" y="${String(y + 13)}" font-size="12" fill="${COLORS.text}">${escape(`${format(bar.value)} ${panel.unit}`)}</text>`,
    );
    if (bar.budget !== undefined) {
      const bx = x(bar.budget).toFixed(1);
      parts.push(
        `<line x1="${bx}" x2="${bx}" y1="${String(y - 2)}" y2="${String(y + BAR + 4)}" stroke="${COLORS.budget}" stroke-width="2" stroke-dasharray="3 2"/>`,
      );
    }
  });
  return parts.join('\n  ');
}

function panels(results: Results): Panel[] {
  const { api, submit, bundle } = results;
  const throughput: Bar[] = [];
  const p99: Bar[] = [];
  if (api) {
    throughput.push({ label: 'bare Fastify', value: api.hello.rps });
    for (const name of ['getConfig', 'login', 'orders', 'returnInfo'] as const) {
      const floor = (name === 'getConfig' ? BUDGET.getConfigRatio : BUDGET.apiRatio) * api.hello.rps;
      throughput.push({ label: ENDPOINT_NAMES[name], value: api.endpoints[name].rps, budget: floor, atLeast: true });
      p99.push({
        label: ENDPOINT_NAMES[name],
        value: api.endpoints[name].p99,
        ...(name === 'getConfig' ? {} : { budget: BUDGET.apiP99 }),
      });
    }
  }
  for (const run of submit?.runs ?? []) {
    const label = `submit, ${DATABASE_NAMES[run.database]}`;
    throughput.push({ label, value: run.perSecond, budget: BUDGET.submitPerSecond[run.database], atLeast: true });
    p99.push({ label, value: run.p99, budget: BUDGET.submitP99 });
  }
  const routes: Bar[] = (bundle?.routes ?? []).map((r) => ({
    label: r.route,
    value: r.gzipBytes / KB,
    ...(r.route === 'login' ? { budget: BUDGET.loginJsBytes / KB } : {}),
  }));
  return [
    { title: 'Throughput (requests or returns per second; mark: budget floor)', unit: '/s', bars: throughput },
    { title: 'p99 latency (ms; mark: budget)', unit: 'ms', bars: p99 },
    { title: 'JavaScript per route, gzipped (KB; mark: login budget)', unit: 'KB', bars: routes },
  ];
}

export function chartSvg(results: Results): string {
  const all = panels(results);
  let top = 8;
  const drawn = all.map((panel) => {
    const svg = drawPanel(panel, top);
    top += panelHeight(panel) + GAP;
    return svg;
  });
  const stamps = [results.api, results.submit, results.bundle].filter((s) => s !== undefined);
  const newest = stamps
    .map((s) => s.date)
    .sort()
    .at(-1);
  const footer = newest
    ? `npm run bench, ${newest.slice(0, 10)}; ${String(stamps[0]?.machine.cpus)} × ${stamps[0]?.machine.cpuModel ?? ''}, Node ${stamps[0]?.machine.node ?? ''}`
    : 'npm run bench';
  const height = top + 10;
  const description = all
    .map(
      (p) =>
        `${p.title}: ${p.bars.map((b) => `${b.label} ${format(b.value)} ${p.unit}`).join(', ') || 'not measured'}.`,
    )
    .join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${String(WIDTH)}" height="${String(height)}" viewBox="0 0 ${String(WIDTH)} ${String(height)}" role="img" aria-labelledby="title desc" font-family="-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif">
  <title id="title">Return Center benchmark: throughput, p99 latency and JavaScript per route</title>
  <desc id="desc">${escape(description)}</desc>
  <rect width="100%" height="100%" rx="6" fill="#ffffff" stroke="${COLORS.grid}"/>
  ${drawn.join('\n  ')}
  <text x="16" y="${String(height - 12)}" font-size="11" fill="${COLORS.muted}">${escape(footer)}</text>
</svg>
`;
}
