export interface ProgressState {
  bytesRead: number;
  totalBytes: number;
  saved: number;
  failed: number;
}

export interface ImportProgress {
  update(state: ProgressState): void;
  /** Prints the closing summary line. */
  finish(state: ProgressState): void;
  /** The import failed: leaves the last progress as it is, so that an error can be printed below it. */
  abandon(): void;
}

/** Where progress goes: process.stderr, or a fake in tests. */
export interface ProgressOutput {
  isTTY?: boolean;
  write(text: string): unknown;
}

const BAR_WIDTH = 24;
const CLEAR_TO_END = '\u001b[K';

const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

function duration(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
}

/**
 * Import progress on `out`: on a terminal one line redrawn in place (bar by bytes read, orders saved, rate, ETA);
 * elsewhere (a log, a pipe) a plain line at each 10% so the log stays short.
 */
export function progressReporter({ out, now = Date.now }: { out: ProgressOutput; now?: () => number }): ImportProgress {
  const startedAt = now();
  let lineOnScreen = false;
  let lastStep = 0;

  const describe = (state: ProgressState) => {
    const seconds = (now() - startedAt) / 1000;
    const fraction = state.totalBytes > 0 ? Math.min(1, state.bytesRead / state.totalBytes) : 1;
    const rate = seconds > 0 ? (state.saved + state.failed) / seconds : 0;
    const eta = fraction > 0 && seconds > 0 ? duration((seconds * (1 - fraction)) / fraction) : '--';
    const failed = state.failed > 0 ? `, ${thousands(state.failed)} failed` : '';
    return { fraction, text: `${thousands(state.saved)} saved${failed}, ${thousands(rate)} orders/s, ETA ${eta}` };
  };

  return {
    update(state) {
      const { fraction, text } = describe(state);
      if (out.isTTY) {
        const filled = Math.round(fraction * BAR_WIDTH);
        const bar = `[${'='.repeat(filled)}${' '.repeat(BAR_WIDTH - filled)}]`;
        out.write(`\r${bar} ${String(Math.floor(fraction * 100)).padStart(3)}%  ${text}${CLEAR_TO_END}`);
        lineOnScreen = true;
        return;
      }
      const step = Math.floor(fraction * 10);
      if (step <= lastStep) return;
      lastStep = step;
      out.write(`${step * 10}%: ${text}\n`);
    },
    finish(state) {
      const seconds = (now() - startedAt) / 1000;
      const failed = state.failed > 0 ? ` (${thousands(state.failed)} failed)` : '';
      const summary = `imported ${thousands(state.saved)} ${state.saved === 1 ? 'order' : 'orders'} in ${seconds.toFixed(1)} s${failed}\n`;
      out.write(lineOnScreen ? `\r${summary.replace('\n', `${CLEAR_TO_END}\n`)}` : summary);
      lineOnScreen = false;
    },
    abandon() {
      if (lineOnScreen) out.write('\n');
      lineOnScreen = false;
    },
  };
}
