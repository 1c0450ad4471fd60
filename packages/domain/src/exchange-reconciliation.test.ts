import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exchangeDifference, reconcileExchange, type ExchangeMoney } from './exchange-reconciliation.js';

const settled = (money: Omit<ExchangeMoney, 'settling' | 'swapAllowance'> & { swapAllowance?: number }) =>
  reconcileExchange({ swapAllowance: 0, ...money, settling: false });

describe('reconciling an exchange', () => {
  it('balances a cheaper swap whose leftover credit was paid out, the bonus lapsing', () => {
    const cheaper = settled({ credit: 4763, bonus: 476, differencePaid: 0, newItems: 3900, refunded: 863 });
    expect(cheaper).toMatchObject({
      terms: { credit: 4763, swapAllowance: 0, bonus: 476, differencePaid: 0, captured: 0, held: 0 },
      leftover: 1339,
      bonusUnspent: 476,
      refundable: 863,
      balance: 0,
      balances: true,
      status: 'balanced',
    });
  });

  it('balances a dearer swap paid at the checkout, and an even swap whose discount the shop absorbed', () => {
    const dearer = settled({ credit: 4763, bonus: 476, differencePaid: 7661, newItems: 12900, refunded: 0 });
    expect(dearer).toMatchObject({ leftover: 0, refundable: 0, balance: 0, status: 'balanced' });
    const even = settled({
      credit: 8010,
      swapAllowance: 890,
      bonus: 0,
      differencePaid: 0,
      newItems: 8900,
      refunded: 0,
    });
    expect(even).toMatchObject({ leftover: 0, balance: 0, status: 'balanced' });
  });

  it('keeps an unsettled exchange open, and says what is owed once it is settled', () => {
    const money = { credit: 4763, bonus: 0, differencePaid: 0, newItems: 3900, refunded: 0, swapAllowance: 0 };
    expect(reconcileExchange({ ...money, settling: true })).toMatchObject({ balance: 863, status: 'open' });
    // Resolved without paying the leftover, or refunded in part: the shopper is still owed the rest.
    expect(settled(money)).toMatchObject({ balance: 863, balances: false, status: 'out_of_balance' });
    expect(settled({ ...money, refunded: 500 })).toMatchObject({ balance: 363, status: 'out_of_balance' });
  });

  it('is short when inspection rejected what paid for new items already sent', () => {
    const rejected = settled({ credit: 0, bonus: 0, differencePaid: 1000, newItems: 8900, refunded: 0 });
    expect(rejected).toMatchObject({ leftover: -7900, bonusUnspent: 0, refundable: 0, balance: -7900 });
    expect(rejected.status).toBe('out_of_balance');
  });

  it('counts a captured hold as money in, and a hold still standing as not settled', () => {
    const captured = settled({ credit: 0, bonus: 0, differencePaid: 0, captured: 8900, newItems: 8900, refunded: 0 });
    expect(captured).toMatchObject({ balance: 0, status: 'balanced' });
    const standing = settled({ credit: 8900, bonus: 0, differencePaid: 0, held: 8900, newItems: 8900, refunded: 0 });
    expect(standing).toMatchObject({ balance: 0, status: 'open' });
  });

  it('charges the difference only for new items dearer than the credit', () => {
    expect(exchangeDifference(4763, 12900)).toBe(8137);
    expect(exchangeDifference(4763, 3900)).toBe(0);
    expect(exchangeDifference(4763, 4763)).toBe(0);
  });

  it('always adds up, never pays out the bonus, and balances exactly when the refundable was paid', () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(
        fc.record({
          credit: amount,
          swapAllowance: amount,
          bonus: amount,
          differencePaid: amount,
          captured: amount,
          held: amount,
          newItems: amount,
          refunded: amount,
          settling: fc.boolean(),
        }),
        (money) => {
          const r = reconcileExchange(money);
          const { credit, swapAllowance, bonus, differencePaid, captured, newItems, refunded } = r.terms;
          expect(credit + swapAllowance + bonus + differencePaid + captured - newItems).toBe(r.leftover);
          expect(r.leftover).toBe(refunded + r.bonusUnspent + r.balance);
          expect(r.bonusUnspent).toBeGreaterThanOrEqual(0);
          expect(r.bonusUnspent).toBeLessThanOrEqual(bonus);
          expect(r.refundable).toBeGreaterThanOrEqual(0);
          expect(r.refundable + r.bonusUnspent).toBeLessThanOrEqual(Math.max(0, r.leftover));
          expect(r.balances).toBe(refunded === r.refundable && r.leftover >= 0);
          if (money.settling || money.held > 0) expect(r.status).toBe('open');
          else expect(r.status).toBe(r.balances ? 'balanced' : 'out_of_balance');
        },
      ),
    );
  });
});
