import { SolutionId } from '@return-center/contract';
import { describe, expect, it } from 'vitest';
import { evaluateRules } from './evaluate.js';
import { message, NOW, orderFacts, rule, shirt, sneakers } from './rule-samples.js';

const DAY = 86_400;
const deniedLines = (decision: ReturnType<typeof evaluateRules>) =>
  decision.items.filter((item) => item.denied).map((item) => item.lineId);

describe('evaluateRules', () => {
  it('denies only the items in the named collection, with the shop message', () => {
    const sale = rule(
      [{ field: 'collection', op: 'in', values: ['sale'] }],
      [{ type: 'deny', message: message('Sale items are final') }],
    );
    const decision = evaluateRules([sale], orderFacts());
    expect(deniedLines(decision)).toEqual([sneakers.lineId]);
    expect(decision.items[1]?.denied?.message.text).toBe('Sale items are final');
    expect(decision.decidedBy).toEqual([{ id: sale.id, name: sale.name }]);
  });

  it('lets an earlier allow rule carve an exception out of a later deny, but never out of a block', () => {
    const vip = rule([{ field: 'order_tag', op: 'in', values: ['VIP'] }], [{ type: 'allow' }]);
    const denyAll = rule([], [{ type: 'deny', message: message('No') }]);
    expect(deniedLines(evaluateRules([vip, denyAll], orderFacts()))).toEqual([]);
    expect(deniedLines(evaluateRules([denyAll, vip], orderFacts()))).toEqual([1, 2]);
    const block = rule([{ field: 'on_block_list', is: true }], [{ type: 'block', reason: 'on the list' }]);
    const listed = orderFacts({ lists: { emails: ['*@example.com'], addresses: [], order_patterns: [] } });
    const decision = evaluateRules([vip, block], listed);
    expect(deniedLines(decision)).toEqual([1, 2]);
    expect(decision.items[0]?.denied?.message).toEqual({ text: '', translations: {} });
    expect(decision.block?.reason).toBe('on the list');
  });

  it('takes the window of the first rule that sets one for each item', () => {
    const shoes = rule([{ field: 'product_type', op: 'in', values: ['shoes'] }], [{ type: 'window', days: 7 }]);
    const everything = rule([], [{ type: 'window', days: 14 }]);
    const decision = evaluateRules([shoes, everything], orderFacts());
    expect(decision.items.map((item) => item.windowDays)).toEqual([14, 7]);
  });

  it('does not match a condition on something the shopper has not chosen yet', () => {
    const byReason = rule([{ field: 'reason', op: 'not_in', values: [3] }], [{ type: 'require_photos', min: 2 }]);
    expect(evaluateRules([byReason], orderFacts()).decidedBy).toEqual([]);
    const chosen = orderFacts({ items: [{ ...shirt, reasonId: 1 }] });
    expect(evaluateRules([byReason], chosen).items[0]?.photosRequired).toBe(2);
  });

  it('holds back the automatic approval of a flagged request', () => {
    const big = rule([{ field: 'order_value', op: 'gt', value: 20_000 }], [{ type: 'flag', reason: 'over $200' }]);
    const approve = rule([], [{ type: 'auto_approve' }]);
    expect(evaluateRules([big, approve], orderFacts()).review).toBeNull();
    const small = orderFacts({ order: { ...orderFacts().order, value: 9_000 } });
    expect(evaluateRules([big, approve], small).review).toMatchObject({ decision: 'approve' });
  });

  it("reads the shopper's history over the days a condition names", () => {
    const requests = [
      { createdAt: NOW - 10 * DAY, refunded: 5000 },
      { createdAt: NOW - 100 * DAY, refunded: 7000 },
    ];
    const facts = orderFacts({ shopper: { requests, orders: 4, ordersWithReturn: 2 } });
    const serial = (days: number) =>
      rule([{ field: 'history_returns', op: 'gte', value: 2, days }], [{ type: 'flag', reason: 'serial' }]);
    expect(evaluateRules([serial(90)], facts).flags).toEqual([]);
    expect(evaluateRules([serial(365)], facts).flags).toHaveLength(1);
    const rate = rule([{ field: 'return_rate', op: 'gte', value: 50 }], [{ type: 'tag', tag: 'often' }]);
    expect(evaluateRules([rate], facts).tags).toEqual(['often']);
  });

  it('matches any of its conditions when asked to, and skips a disabled rule', () => {
    const either = rule(
      [
        { field: 'sku', op: 'in', values: ['nope'] },
        { field: 'vendor', op: 'in', values: ['stride'] },
      ],
      [{ type: 'hide_solutions', ids: [SolutionId.RefundOriginal] }],
      { match: 'any' },
    );
    expect(evaluateRules([either], orderFacts()).hideSolutions).toEqual([SolutionId.RefundOriginal]);
    expect(evaluateRules([{ ...either, enabled: false }], orderFacts()).hideSolutions).toEqual([]);
  });
});
