import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeReturnMoney, type MoneyLine } from './return-money.js';

const noFees = { refundShipping: false, returnFee: 0, labelFee: 0, restockingFeePercent: 0 };

/** #1001 of the demo shop: 10% order discount, 8% tax, $5 shipping. */
const shirt: MoneyLine = { price: 4900, quantity: 1, discount: 490, tax: 353 };
const sneakers: MoneyLine = { price: 8900, quantity: 2, discount: 1780, tax: 1281 };

describe('computeReturnMoney', () => {
  it('refunds the Linen Shirt of #1001 net of its discount, with its tax', () => {
    const money = computeReturnMoney({
      lines: [{ line: shirt, quantity: 1 }],
      orderShipping: 500,
      returnsEverything: false,
      usesMerchantLabel: false,
      settings: noFees,
    });
    expect(money).toMatchObject({
      origin_subtotal: 4900,
      discount: 490,
      tax: 353,
      refund: 4763,
      total: 4763,
      shipping: { money: 0, max: 500 },
    });
  });

  it('splits a line discount and tax between returned and kept units so both halves add up', () => {
    const returning = (line: MoneyLine, quantity: number) =>
      computeReturnMoney({
        lines: [{ line, quantity }],
        orderShipping: 500,
        returnsEverything: false,
        usesMerchantLabel: false,
        settings: noFees,
      });
    // 1 of the 2 Sneakers: half of the $17.80 discount; the odd cent of the $12.81 tax goes to the returned unit
    // (shares rounded half up, DESIGN §3). 89.00 − 8.90 + 6.41 = 86.51.
    expect(returning(sneakers, 1)).toMatchObject({
      origin_subtotal: 8900,
      discount: 890,
      tax: 641,
      refund: 8651,
      total: 8651,
    });
    // 3 units at $10.00 with a $1.00 discount and $2.00 tax. Exact shares of 1 unit: 33.3 discount, 66.7 tax;
    // of 2 units: 66.7 and 133.3. Rounding half up makes them 33/67 and 67/133, so each pair adds back to the line:
    // 33 + 67 = 100 and 67 + 133 = 200.
    const mugs: MoneyLine = { price: 1000, quantity: 3, discount: 100, tax: 200 };
    expect(returning(mugs, 1)).toMatchObject({ origin_subtotal: 1000, discount: 33, tax: 67, refund: 1034 });
    expect(returning(mugs, 2)).toMatchObject({ origin_subtotal: 2000, discount: 67, tax: 133, refund: 2066 });
  });

  it('charges fees and refunds shipping per the merchant settings', () => {
    const money = computeReturnMoney({
      lines: [{ line: shirt, quantity: 1 }],
      orderShipping: 500,
      returnsEverything: true,
      usesMerchantLabel: true,
      settings: { refundShipping: true, returnFee: 200, labelFee: 350, restockingFeePercent: 10 },
    });
    expect(money).toMatchObject({ shipping: { money: 500 }, return_fee: 200, label_fee: 350, restocking_fee: 441 });
    expect(money.total).toBe(4763 + 500 - 200 - 350 - 441);
  });

  const currencyLine = (exponent: number) =>
    fc
      .record({
        price: fc.integer({ min: 0, max: 10 ** (exponent + 4) }),
        quantity: fc.integer({ min: 1, max: 10 }),
        discountPercent: fc.integer({ min: 0, max: 100 }),
        taxPercent: fc.integer({ min: 0, max: 30 }),
      })
      .chain((l) =>
        fc.integer({ min: 0, max: l.quantity }).map((returned) => {
          const gross = l.price * l.quantity;
          const discount = Math.floor((gross * l.discountPercent) / 100);
          return {
            line: {
              price: l.price,
              quantity: l.quantity,
              discount,
              tax: Math.round(((gross - discount) * l.taxPercent) / 100),
            },
            quantity: returned,
          };
        }),
      );

  for (const exponent of [0, 2, 3]) {
    it(`never refunds more than paid, never negative, and adds up (${exponent} decimals)`, () => {
      fc.assert(
        fc.property(
          fc.array(currencyLine(exponent), { minLength: 1, maxLength: 6 }),
          fc.integer({ min: 0, max: 10 ** (exponent + 2) }),
          fc.record({
            refundShipping: fc.boolean(),
            returnFee: fc.nat(10 ** (exponent + 2)),
            labelFee: fc.nat(10 ** (exponent + 2)),
            restockingFeePercent: fc.integer({ min: 0, max: 100 }),
          }),
          fc.boolean(),
          (lines, shipping, settings, everything) => {
            const money = computeReturnMoney({
              lines,
              orderShipping: shipping,
              returnsEverything: everything,
              usesMerchantLabel: true,
              settings,
            });
            const paid =
              lines.reduce((sum, { line }) => sum + line.price * line.quantity - line.discount + line.tax, 0) +
              shipping;
            expect(money.total).toBeGreaterThanOrEqual(0);
            expect(money.max_refund).toBeLessThanOrEqual(paid);
            expect(money.total).toBeLessThanOrEqual(money.max_refund);
            expect(money.refund).toBe(money.origin_subtotal - money.discount + money.tax);
            expect(money.total).toBe(
              Math.max(
                0,
                money.refund + money.shipping.money - money.return_fee - money.label_fee - money.restocking_fee,
              ),
            );
            // The returned units carry their proportional part of each line's discount and tax, never a whole
            // minor unit more or less per line (rounded shares, DESIGN §3).
            const exactShare = (field: 'discount' | 'tax') =>
              lines.reduce((sum, { line, quantity }) => sum + (line[field] * quantity) / line.quantity, 0);
            expect(Math.abs(money.discount - exactShare('discount'))).toBeLessThan(lines.length);
            expect(Math.abs(money.tax - exactShare('tax'))).toBeLessThan(lines.length);
          },
        ),
      );
    });
  }
});

describe('a line returned in several parts', () => {
  const settings = { refundShipping: false, returnFee: 0, labelFee: 0, restockingFeePercent: 0 };
  const partOf = (line: MoneyLine, quantity: number, returnedBefore: number) =>
    computeReturnMoney({
      lines: [{ line: { ...line, returnedBefore }, quantity }],
      orderShipping: 0,
      returnsEverything: false,
      usesMerchantLabel: false,
      settings,
    });

  it('refunds the Sneakers tax of 12.81 once across two single returns: 6.41 then 6.40', () => {
    const sneakers = { price: 8900, quantity: 2, discount: 1780, tax: 1281 };
    expect([partOf(sneakers, 1, 0).tax, partOf(sneakers, 1, 1).tax]).toEqual([641, 640]);
    expect([partOf(sneakers, 1, 0).discount, partOf(sneakers, 1, 1).discount]).toEqual([890, 890]);
  });

  it('adds up to exactly the line, however the units are split', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 12 }),
        (quantity, discount, tax, cuts) => {
          const line = { price: 1000, quantity, discount, tax };
          let returned = 0;
          let discounts = 0;
          let taxes = 0;
          for (const cut of cuts) {
            const take = Math.min(cut, quantity - returned);
            if (take === 0) break;
            const part = partOf(line, take, returned);
            discounts += part.discount;
            taxes += part.tax;
            returned += take;
          }
          if (returned < quantity) {
            const rest = partOf(line, quantity - returned, returned);
            discounts += rest.discount;
            taxes += rest.tax;
          }
          expect([discounts, taxes]).toEqual([discount, tax]);
        },
      ),
    );
  });
});
