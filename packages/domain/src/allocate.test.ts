import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from './allocate.js';

describe('allocate', () => {
  it('splits an order discount across lines so the parts add up', () => {
    expect(allocate(2520, [4900, 17800, 2500])).toEqual([490, 1780, 250]);
    expect(allocate(1814, [4410, 16020, 2250])).toEqual([353, 1281, 180]);
  });

  it('always adds up to the total and never gives a part more than one unit off its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 20 }),
        (total, weights) => {
          const parts = allocate(total, weights);
          const sum = weights.reduce((a, b) => a + b, 0);
          if (sum === 0) return parts.every((p) => p === 0);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          parts.forEach((part, i) =>
            expect(Math.abs(part - (total * (weights[i] ?? Number.NaN)) / sum)).toBeLessThan(1),
          );
          return true;
        },
      ),
    );
  });
});
