/** The Lighthouse rows of the budget table: the shopper's pages (DESIGN §6) and the console's (issue 37). */
import type { LighthousePage } from './browser-lighthouse.js';
import type { BrowserFigures } from './browser.js';
import { BUDGET, int, missing, seconds, type BudgetRow } from './budgets.js';
import type { Stamp } from './results.js';

const LIGHTHOUSE_PAGES: LighthousePage['page'][] = [
  'login',
  'orders',
  'step 1',
  'step 2',
  'step 3',
  'step 4',
  'pickup',
  'exchange',
  'catalogue',
  'status',
];
const CONSOLE_PAGES: LighthousePage['page'][] = ['console queue', 'console request'];

interface LighthouseBudget {
  text: string;
  met: (page: LighthousePage) => boolean;
}
const b = BUDGET.lighthouse;
const SHOPPER_BUDGET: LighthouseBudget = {
  text: 'performance ≥ 95, accessibility 100, best practices 100; LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1',
  met: (p) =>
    p.performance >= b.performance &&
    p.accessibility >= b.accessibility &&
    p.bestPractices >= b.bestPractices &&
    p.lcpMs <= b.lcpMs &&
    p.tbtMs <= b.tbtMs &&
    p.cls <= b.cls,
};
/** The console's pages, signed in: their performance score is budgeted (issue 37), the other figures shown. */
const CONSOLE_BUDGET: LighthouseBudget = {
  text: `performance ≥ ${String(BUDGET.consoleLighthousePerformance)}`,
  met: (p) => p.performance >= BUDGET.consoleLighthousePerformance,
};

function lighthouseRow(
  page: LighthousePage['page'],
  figures: BrowserFigures | undefined,
  stamp: Stamp | null,
  budget: LighthouseBudget,
): BudgetRow {
  const figure = `Lighthouse mobile, ${page}`;
  const found = figures?.lighthouse.find((p) => p.page === page);
  if (!found) return missing(figure, budget.text);
  return {
    figure: `${figure} (median of ${String(found.runs)})`,
    measured: `${String(found.performance)} / ${String(found.accessibility)} / ${String(found.bestPractices)}; LCP ${seconds(found.lcpMs)}, TBT ${int(found.tbtMs)} ms, CLS ${found.cls.toFixed(3)}${found.benchmarkIndex ? `; benchmark index ${int(found.benchmarkIndex)}` : ''}`,
    budget: budget.text,
    met: budget.met(found),
    stamp,
  };
}

export function lighthouseRows(figures: BrowserFigures | undefined, stamp: Stamp | null): BudgetRow[] {
  return [
    ...LIGHTHOUSE_PAGES.map((page) => lighthouseRow(page, figures, stamp, SHOPPER_BUDGET)),
    ...CONSOLE_PAGES.map((page) => lighthouseRow(page, figures, stamp, CONSOLE_BUDGET)),
  ];
}
