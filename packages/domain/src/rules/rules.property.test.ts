import { SolutionId, type ReturnRule, type RuleAction, type RuleCondition } from '@return-center/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeReturnMoney } from '../return-money.js';
import { isGreenReturn } from '../return-rules.js';
import { rulesFromSettings } from './default-rules.js';
import { evaluateRules } from './evaluate.js';
import { ruleFees, withRuleFees } from './fees.js';
import { NOW, orderFacts, shirt, sneakers } from './rule-samples.js';

const DAY = 86_400;

const condition: fc.Arbitrary<RuleCondition> = fc.oneof(
  fc.record({
    field: fc.constantFrom('order_age_days', 'order_value', 'item_price', 'quantity', 'refund_value'),
    op: fc.constantFrom('lt', 'lte', 'eq', 'gte', 'gt'),
    value: fc.nat(30_000),
  }),
  fc.record({
    field: fc.constantFrom('product_type', 'collection', 'vendor', 'order_tag', 'country'),
    op: fc.constantFrom('in', 'not_in'),
    values: fc.array(fc.constantFrom('Shoes', 'sale', 'Stride', 'vip', 'US', 'other'), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ field: fc.constantFrom('final_sale', 'has_photos'), is: fc.boolean() }),
  fc.record({
    field: fc.constantFrom('solution', 'method'),
    op: fc.constantFrom('in', 'not_in'),
    values: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 3 }),
  }),
);

const fee = fc.oneof(
  fc.record({
    type: fc.constant('return_shipping_fee' as const),
    amount: fc.integer({ min: 1, max: 50_000 }),
    waive_for: fc.subarray(['exchange', 'store_credit'] as const),
  }),
  fc.record({
    type: fc.constant('restocking_fee' as const),
    mode: fc.constantFrom('percent' as const, 'fixed' as const),
    value: fc.integer({ min: 1, max: 100 }),
    per: fc.constantFrom('item' as const, 'request' as const),
    waive_for: fc.subarray(['exchange', 'store_credit'] as const),
  }),
);
const action: fc.Arbitrary<RuleAction> = fc.oneof(
  fee,
  fc.constant({ type: 'allow' as const }),
  fc.constant({ type: 'deny' as const, message: { text: 'no', translations: {} } }),
  fc.record({ type: fc.constant('window' as const), days: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ type: fc.constant('flag' as const), reason: fc.constant('look') }),
  fc.constant({ type: 'auto_approve' as const }),
  fc.record({ type: fc.constant('tag' as const), tag: fc.constantFrom('a', 'b') }),
);
const ruleArb: fc.Arbitrary<ReturnRule> = fc.record({
  id: fc.uuid().map((id) => id.slice(0, 8)),
  name: fc.constant('rule'),
  enabled: fc.boolean(),
  match: fc.constantFrom('all' as const, 'any' as const),
  conditions: fc.array(condition, { maxLength: 3 }),
  actions: fc.array(action, { minLength: 1, maxLength: 3 }),
});
const facts = fc.record({
  solutionId: fc.constantFrom(undefined, ...Object.values(SolutionId)),
  methodId: fc.constantFrom(undefined, 1, 2, 3, 4),
  refundValue: fc.option(fc.nat(30_000), { nil: undefined }),
  ageDays: fc.nat(40),
});
const factsOf = (drawn: { solutionId?: number; methodId?: number; refundValue?: number; ageDays: number }) => {
  const base = orderFacts();
  return orderFacts({
    solutionId: drawn.solutionId,
    methodId: drawn.methodId,
    refundValue: drawn.refundValue,
    order: { ...base.order, createdAt: NOW - drawn.ageDays * DAY },
  });
};

describe('the rules evaluator, over random rules and orders', () => {
  it('never lets a fee make a refund negative, and takes no more than the fees add up to', () => {
    fc.assert(
      fc.property(fc.array(ruleArb, { maxLength: 8 }), facts, fc.nat(20_000), (rules, drawn, price) => {
        const decision = evaluateRules(rules, factsOf(drawn));
        const money = computeReturnMoney({
          lines: [{ line: { price, quantity: 2, discount: 0, tax: 0 }, quantity: 2 }],
          orderShipping: 500,
          returnsEverything: false,
          usesMerchantLabel: false,
          settings: { refundShipping: false, returnFee: 0, labelFee: 0, restockingFeePercent: 0 },
        });
        const fees = ruleFees(decision, drawn.solutionId, [
          { lineId: shirt.lineId, quantity: 1, base: price },
          { lineId: sneakers.lineId, quantity: 1, base: price },
        ]);
        const charged = withRuleFees(money, fees);
        expect(charged.total).toBeGreaterThanOrEqual(0);
        const taken = fees.reduce((sum, entry) => sum + entry.amount, 0);
        expect(charged.total).toBe(Math.max(0, money.total - taken));
        for (const entry of fees) expect(Number.isInteger(entry.amount) && entry.amount > 0).toBe(true);
      }),
    );
  });

  it('decides the same with a disabled rule as without it', () => {
    fc.assert(
      fc.property(fc.array(ruleArb, { maxLength: 8 }), facts, fc.nat(7), (rules, drawn, at) => {
        const index = at % Math.max(1, rules.length);
        const target = rules[index];
        if (!target) return;
        const disabled = rules.map((entry, i) => (i === index ? { ...entry, enabled: false } : entry));
        const removed = rules.filter((_, i) => i !== index);
        expect(evaluateRules(disabled, factsOf(drawn))).toEqual(evaluateRules(removed, factsOf(drawn)));
      }),
    );
  });

  it('turns the old window, final-sale and green settings into rules that decide the same', () => {
    const settings = fc.record({
      return_window_days: fc.integer({ min: 1, max: 30 }),
      green_return_max: fc.nat(20_000),
      green_return_max_days: fc.nat(20),
    });
    const order = fc.record({
      ageSeconds: fc.nat(40 * DAY),
      deliveredSecondsAgo: fc.option(fc.nat(30 * DAY), { nil: null }),
      refund: fc.nat(25_000),
      tags: fc.subarray(['final-sale', 'Non-Returnable', 'linen', 'sale']),
    });
    fc.assert(
      fc.property(settings, order, (shop, drawn) => {
        const item = { ...shirt, tags: drawn.tags };
        const base = orderFacts();
        const deliveredAt = drawn.deliveredSecondsAgo === null ? null : NOW - drawn.deliveredSecondsAgo;
        const decision = evaluateRules(
          rulesFromSettings(shop),
          orderFacts({
            items: [item],
            refundValue: drawn.refund,
            order: { ...base.order, createdAt: NOW - drawn.ageSeconds, deliveredAt },
          }),
        );
        // The settings' meaning before rules: a window in days from the order, and two tags that make a line final.
        const decided = decision.items[0];
        expect(decided?.windowDays).toBe(shop.return_window_days);
        const finalBefore = drawn.tags.some((tag) => ['final-sale', 'non-returnable'].includes(tag.toLowerCase()));
        expect(Boolean(decided?.denied)).toBe(finalBefore);
        const green = isGreenReturn(
          { maxRefund: shop.green_return_max, maxDaysSinceDelivery: shop.green_return_max_days },
          { refund: drawn.refund, deliveredAt, now: NOW },
        );
        expect(decision.keepItem?.allow ?? false).toBe(green);
      }),
    );
  });
});
