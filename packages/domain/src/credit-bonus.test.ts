import { SolutionId } from '@return-center/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditBonus, withCreditBonus, type CreditBonusRule } from './credit-bonus.js';
import { computeReturnMoney } from './return-money.js';

const tenPercentUpTo10: CreditBonusRule = { type: 'percent', value: 10, max: 1000 };

describe('bonus credit for keeping the money at the shop', () => {
  it('gives a percentage, rounded down, or a fixed amount, and never more than the cap', () => {
    expect(creditBonus(SolutionId.GiftCard, 4763, tenPercentUpTo10)).toBe(476);
    expect(creditBonus(SolutionId.GiftCard, 50_000, tenPercentUpTo10)).toBe(1000);
    expect(creditBonus(SolutionId.DiscountCode, 4763, { type: 'fixed', value: 700, max: 500 })).toBe(500);
    expect(creditBonus(SolutionId.Exchange, 4763, { type: 'fixed', value: 700, max: 0 })).toBe(700);
  });

  it('gives nothing for money back, for a return worth nothing, or when the shop offers none', () => {
    expect(creditBonus(SolutionId.RefundOriginal, 4763, tenPercentUpTo10)).toBe(0);
    expect(creditBonus(SolutionId.BankTransfer, 4763, tenPercentUpTo10)).toBe(0);
    expect(creditBonus(undefined, 4763, tenPercentUpTo10)).toBe(0);
    expect(creditBonus(SolutionId.GiftCard, 0, { type: 'fixed', value: 700, max: 0 })).toBe(0);
    expect(creditBonus(SolutionId.GiftCard, 4763, { type: 'percent', value: 0, max: 0 })).toBe(0);
  });

  it('adds the bonus to the total and names it, leaving the rest of the money alone', () => {
    const money = computeReturnMoney({
      lines: [{ line: { price: 4900, quantity: 1, discount: 490, tax: 353 }, quantity: 1 }],
      orderShipping: 0,
      returnsEverything: false,
      usesMerchantLabel: false,
      settings: { refundShipping: false, returnFee: 0, labelFee: 0, restockingFeePercent: 0 },
    });
    expect(withCreditBonus(money, SolutionId.GiftCard, tenPercentUpTo10)).toEqual({
      ...money,
      bonus: 476,
      total: 5239,
    });
    expect(withCreditBonus(money, SolutionId.RefundOriginal, tenPercentUpTo10)).toEqual({ ...money, bonus: 0 });
  });

  it('is a whole amount between nothing and the cap, and grows with the return', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.record({
          type: fc.constantFrom('percent' as const, 'fixed' as const),
          value: fc.integer({ min: 0, max: 100 }),
          max: fc.integer({ min: 0, max: 100_000 }),
        }),
        (a, b, rule) => {
          const [small, large] = a <= b ? [a, b] : [b, a];
          const bonus = creditBonus(SolutionId.Exchange, large, rule);
          expect(Number.isInteger(bonus)).toBe(true);
          expect(bonus).toBeGreaterThanOrEqual(0);
          if (rule.max > 0) expect(bonus).toBeLessThanOrEqual(rule.max);
          if (small > 0) expect(creditBonus(SolutionId.Exchange, small, rule)).toBeLessThanOrEqual(bonus);
        },
      ),
    );
  });
});
