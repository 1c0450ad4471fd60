/** The coldload section of bench/README.md: each screen's script per cold load, by file and by function. */
import { sectionHeading, table } from './report-details.js';
import type { ColdLoadResult, Machine } from './results.js';

const timed = (rows: { name: string; ms: number }[]) => rows.map((r) => `\`${r.name}\` ${r.ms.toFixed(1)}`).join('; ');

export function coldLoadDetails(result: ColdLoadResult, reference: Machine): string[] {
  const throttle = `${String(result.cpuThrottle)}× CPU`;
  return [
    sectionHeading(
      `Cold loads of the shopper's screens (Chromium at ${throttle}, medians of ${String(result.loads)} loads, ms)`,
      result,
      reference,
    ),
    table(
      ['screen', 'script a load', 'files (self time)'],
      result.screens.map((s) => [s.screen, String(s.scriptMs), timed(s.files)]),
    ),
    table(
      ['screen', 'functions (self time; the built files, minified)'],
      result.screens.map((s) => [s.screen, timed(s.functions)]),
    ),
  ];
}
