/**
 * The browser's reports of the page's largest paint, which jsdom does not make: `install()` stands in for
 * PerformanceObserver (with vi.stubGlobal), and `report(startTime)` tells every observer of a paint at that time.
 */
import { vi } from 'vitest';

type Report = (list: { getEntries(): { startTime: number }[] }) => void;
const observers: Report[] = [];

class PaintObserver {
  static supportedEntryTypes = ['largest-contentful-paint'];
  constructor(private readonly report: Report) {}
  observe() {
    observers.push(this.report);
  }
  disconnect() {
    const at = observers.indexOf(this.report);
    if (at >= 0) observers.splice(at, 1);
  }
}

export const paintReports = {
  install() {
    observers.length = 0;
    vi.stubGlobal('PerformanceObserver', PaintObserver);
  },
  /** How many observers are waiting for a report. */
  get watching() {
    return observers.length;
  },
  report(startTime: number) {
    [...observers].forEach((report) => report({ getEntries: () => [{ startTime }] }));
  },
};
