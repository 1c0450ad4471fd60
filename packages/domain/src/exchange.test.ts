import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exchangeCreditFor, exchangePriceInfo, mergeExchangeItems, type ExchangeItem } from './exchange.js';

const item = (variant_id: number, count: number, price = 1000): ExchangeItem => ({
  variant_id,
  count,
  variant: { price },
});

/** Carts of up to 12 lines over 5 variants, each variant with one price, so that merging is well defined. */
const prices = [1999, 2500, 0, 12_345, 99];
const cart = fc.array(fc.record({ variant: fc.integer({ min: 0, max: 4 }), count: fc.integer({ min: 1, max: 5 }) }), {
  maxLength: 12,
});
const toItems = (lines: { variant: number; count: number }[]) =>
  lines.map((l) => item(l.variant + 1, l.count, prices[l.variant]));
const units = (list: ExchangeItem[], variantId: number) =>
  list.filter((i) => i.variant_id === variantId).reduce((sum, i) => sum + i.count, 0);

describe('exchange cart', () => {
  it('adds the count of a variant already in the cart to its line, which keeps its place', () => {
    const merged = mergeExchangeItems([item(7, 1), item(8, 2)], [item(9, 1), item(7, 2)]);
    expect(merged.map((i) => [i.variant_id, i.count])).toEqual([
      [7, 3],
      [8, 2],
      [9, 1],
    ]);
  });

  it('drops a line whose count falls to zero', () => {
    expect(mergeExchangeItems([item(7, 2)], [item(7, -2)])).toEqual([]);
  });

  it('keeps every variant’s units and one line per variant, whatever is merged in', () => {
    fc.assert(
      fc.property(cart, cart, (a, b) => {
        const before = [...toItems(a), ...toItems(b)];
        const merged = mergeExchangeItems(toItems(a), toItems(b));
        expect(new Set(merged.map((i) => i.variant_id)).size).toBe(merged.length);
        for (const variantId of [1, 2, 3, 4, 5]) expect(units(merged, variantId)).toBe(units(before, variantId));
      }),
    );
  });

  it('costs the same merged or not, and merging is the same done at once or in steps', () => {
    fc.assert(
      fc.property(cart, cart, cart, (a, b, c) => {
        const inSteps = mergeExchangeItems(mergeExchangeItems(toItems(a), toItems(b)), toItems(c));
        const atOnce = mergeExchangeItems(toItems(a), [...toItems(b), ...toItems(c)]);
        expect(inSteps).toEqual(atOnce);
        const money = { exchangeAmount: 10_000, tax: 0 };
        expect(exchangePriceInfo(atOnce, money)).toEqual(
          exchangePriceInfo([...toItems(a), ...toItems(b), ...toItems(c)], money),
        );
      }),
    );
  });
});

describe('exchange price info', () => {
  it('totals price × count plus tax, and leaves the return’s worth less that as credit', () => {
    expect(exchangePriceInfo([item(1, 2, 2500), item(2, 1, 1999)], { exchangeAmount: 10_000, tax: 560 })).toEqual({
      exchangeSubtotal: 6999,
      exchangesTotal: 7559,
      remainingRredit: 2441,
      remainingRreditByCheck: null,
    });
  });

  it('goes below zero by what the shopper pays at checkout, and checks against the store’s total once known', () => {
    const info = exchangePriceInfo([item(1, 1, 12_000)], { exchangeAmount: 10_000, tax: 960, checkedTotal: 12_900 });
    expect(info.remainingRredit).toBe(-2960);
    expect(info.remainingRreditByCheck).toBe(-2900);
  });

  it('is exact in minor units: credit plus total is always the return’s worth', () => {
    fc.assert(
      fc.property(
        cart,
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (lines, exchangeAmount, tax) => {
          const info = exchangePriceInfo(toItems(lines), { exchangeAmount, tax });
          expect(Number.isInteger(info.exchangesTotal)).toBe(true);
          expect(info.remainingRredit + info.exchangesTotal).toBe(exchangeAmount);
          expect(info.exchangesTotal - info.exchangeSubtotal).toBe(tax);
        },
      ),
    );
  });
});

describe('exchange credit', () => {
  const shoe = { productId: 5, price: 8900, quantity: 2 };

  it('makes another size of the returned product at its price an even swap, discount or not', () => {
    expect(exchangeCreditFor(8010, shoe, [{ productId: 5, price: 8900, count: 1 }])).toBe(8900);
    expect(exchangeCreditFor(16_020, shoe, [{ productId: 5, price: 8900, count: 2 }])).toBe(17_800);
    expect(exchangeCreditFor(8010, shoe, [{ productId: 5, price: 7900, count: 1 }])).toBe(8010);
  });

  it('keeps the return’s own credit for other goods, dearer variants or more units than were returned', () => {
    expect(exchangeCreditFor(8010, shoe, [{ productId: 6, price: 8900, count: 1 }])).toBe(8010);
    expect(exchangeCreditFor(8010, shoe, [{ productId: 5, price: 9900, count: 1 }])).toBe(8010);
    expect(exchangeCreditFor(8010, shoe, [{ productId: 5, price: 8900, count: 3 }])).toBe(8010);
    expect(exchangeCreditFor(8010, shoe, [])).toBe(8010);
  });

  it('never gives less than the return’s own credit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(
          fc.record({
            productId: fc.integer({ min: 4, max: 6 }),
            price: fc.integer({ min: 0, max: 20_000 }),
            count: fc.integer({ min: 1, max: 3 }),
          }),
          { maxLength: 4 },
        ),
        (amount, items) => exchangeCreditFor(amount, shoe, items) >= amount,
      ),
    );
  });
});
