import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedShare, type InspectedLine } from './inspection.js';

const line = (over: Partial<InspectedLine>): InspectedLine => ({
  price: 1000,
  quantity: 1,
  discount: 0,
  tax: 0,
  lineQuantity: 1,
  accepted: 1,
  ...over,
});

describe('acceptedShare', () => {
  it('gives the whole amount when every unit is accepted, and nothing when none is', () => {
    const lines = [line({}), line({ price: 3000 })];
    expect(acceptedShare(3500, lines)).toBe(3500);
    expect(
      acceptedShare(
        3500,
        lines.map((l) => ({ ...l, accepted: 0 })),
      ),
    ).toBe(0);
  });

  it('refunds only the accepted item, its fees and bonus taken in proportion to what it cost', () => {
    // Two items of 30.00 and 10.00; the return gives 36.00 after a 4.00 fee. The 10.00 item is rejected.
    const lines = [line({ price: 3000 }), line({ price: 1000, accepted: 0 })];
    expect(acceptedShare(3600, lines)).toBe(2700);
  });

  it('weighs an item by its price less its discount plus its tax', () => {
    // The first item had half its price off; both cost the shopper 10.00 + 1.00 tax.
    const lines = [line({ price: 2000, discount: 1000, tax: 100 }), line({ price: 1000, tax: 100, accepted: 0 })];
    expect(acceptedShare(2200, lines)).toBe(1100);
  });

  it('counts the received units of a partly received item', () => {
    const lines = [line({ price: 1000, quantity: 3, lineQuantity: 3, accepted: 1 })];
    expect(acceptedShare(3000, lines)).toBe(1000);
  });

  it('weighs free items by their units', () => {
    expect(acceptedShare(100, [line({ price: 0 }), line({ price: 0, accepted: 0 })])).toBe(50);
  });

  it('never gives more than the amount, nor less than nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(
          fc.record({
            price: fc.integer({ min: 0, max: 100_000 }),
            quantity: fc.integer({ min: 1, max: 5 }),
            accepted: fc.integer({ min: 0, max: 5 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (amount, raw) => {
          const share = acceptedShare(
            amount,
            raw.map((r) => line({ ...r, lineQuantity: r.quantity })),
          );
          return share >= 0 && share <= amount;
        },
      ),
    );
  });
});
