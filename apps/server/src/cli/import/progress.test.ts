import { describe, expect, it } from 'vitest';
import { progressReporter } from './progress.js';

function fakeOutput(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, out: { isTTY, write: (text: string) => writes.push(text) } };
}

/** A clock the test moves by hand. */
function fakeClock() {
  let ms = 1_000_000;
  return { now: () => ms, advance: (by: number) => (ms += by) };
}

const MB = 1_000_000;

describe('import progress', () => {
  it('redraws one line on a terminal: bar, orders saved, rate and ETA', () => {
    const { writes, out } = fakeOutput(true);
    const clock = fakeClock();
    const progress = progressReporter({ out, now: clock.now });
    clock.advance(10_000);
    progress.update({ bytesRead: 10 * MB, totalBytes: 30 * MB, saved: 32_000, failed: 0 });
    clock.advance(20_000);
    progress.update({ bytesRead: 25 * MB, totalBytes: 30 * MB, saved: 81_000, failed: 2 });
    clock.advance(1_200);
    progress.finish({ bytesRead: 30 * MB, totalBytes: 30 * MB, saved: 100_000, failed: 2 });

    expect(writes).toEqual([
      '\r[========                ]  33%  32,000 saved, 3,200 orders/s, ETA 20 s\u001b[K',
      '\r[====================    ]  83%  81,000 saved, 2 failed, 2,700 orders/s, ETA 6 s\u001b[K',
      '\rimported 100,000 orders in 31.2 s (2 failed)\u001b[K\n',
    ]);
  });

  it('prints a plain line at each 10% step when not on a terminal', () => {
    const { writes, out } = fakeOutput(false);
    const clock = fakeClock();
    const progress = progressReporter({ out, now: clock.now });
    for (const percent of [4, 9, 12, 18, 47, 100]) {
      clock.advance(1_000);
      progress.update({ bytesRead: percent * MB, totalBytes: 100 * MB, saved: percent * 1_000, failed: 0 });
    }
    progress.finish({ bytesRead: 100 * MB, totalBytes: 100 * MB, saved: 100_000, failed: 0 });

    expect(writes).toEqual([
      '10%: 12,000 saved, 4,000 orders/s, ETA 22 s\n',
      '40%: 47,000 saved, 9,400 orders/s, ETA 6 s\n',
      '100%: 100,000 saved, 16,667 orders/s, ETA 0 s\n',
      'imported 100,000 orders in 6.0 s\n',
    ]);
  });

  it('ends the terminal line when the import is abandoned, so an error prints below it', () => {
    const { writes, out } = fakeOutput(true);
    const progress = progressReporter({ out, now: fakeClock().now });
    progress.update({ bytesRead: 0, totalBytes: 100, saved: 0, failed: 0 });
    progress.abandon();
    expect(writes.at(-1)).toBe('\n');
  });
});
