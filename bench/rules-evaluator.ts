/**
 * The rules evaluator alone (issue #32's budget): 200 rules of every kind of condition against an order of 50 lines,
 * the evaluation the server makes on each shopper call, timed one by one after a warm-up.
 */
import type { ReturnRule, RuleCondition } from '@return-center/contract';
import { evaluateRules, type RuleFacts } from '@return-center/domain';

const LINES = 50;
const RULES = 200;
const RUNS = 5000;
const DAY = 86_400;

const CONDITIONS: RuleCondition[] = [
  { field: 'collection', op: 'in', values: ['Sale', 'Clearance'] },
  { field: 'order_value', op: 'gt', value: 20_000 },
  { field: 'item_price', op: 'lte', value: 5_000 },
  { field: 'product_type', op: 'not_in', values: ['Gift card'] },
  { field: 'history_returns', op: 'gte', value: 3, days: 90 },
  { field: 'final_sale', is: true },
  { field: 'reason', op: 'in', values: [2, 4] },
  { field: 'email_domain', op: 'in', values: ['example.com'] },
];

/** 200 rules, each with two or three conditions drawn in turn from the list above and one action. */
export const manyRules: ReturnRule[] = Array.from({ length: RULES }, (_, index) => ({
  id: `rule-${String(index)}`,
  name: `Rule ${String(index)}`,
  enabled: true,
  match: index % 2 === 0 ? 'all' : 'any',
  conditions: CONDITIONS.slice(index % 6, (index % 6) + 2 + (index % 2)),
  actions: [
    index % 3 === 0
      ? { type: 'restocking_fee', mode: 'percent', value: 10, per: 'item', waive_for: [] }
      : index % 3 === 1
        ? { type: 'tag', tag: `t${String(index)}` }
        : { type: 'deny', message: { text: '', translations: {} } },
  ],
}));

export const fiftyLines = (now: number): RuleFacts => ({
  now,
  order: {
    number: '9001',
    email: 'shopper@example.com',
    createdAt: now - 10 * DAY,
    deliveredAt: now - 5 * DAY,
    value: 250_000,
    tags: ['vip'],
    discountCodes: ['SPRING'],
    country: 'US',
    region: 'CA',
    address: '1 Main St, 94105',
  },
  items: Array.from({ length: LINES }, (_, index) => ({
    lineId: index + 1,
    price: 1000 + index * 100,
    quantity: 1 + (index % 3),
    productType: index % 4 === 0 ? 'Shoes' : 'Shirts',
    tags: index % 10 === 0 ? ['final-sale'] : ['cotton'],
    collections: index % 5 === 0 ? ['Sale'] : ['Tops'],
    sku: `SKU-${String(index)}`,
    vendor: 'Fernhill',
    reasonId: 1 + (index % 6),
    reasonGroupId: 1,
    photos: index % 2,
    description: 'too small',
  })),
  shopper: {
    requests: Array.from({ length: 6 }, (_, index) => ({ createdAt: now - index * 20 * DAY, refunded: 4000 })),
    orders: 8,
    ordersWithReturn: 5,
  },
  lists: { emails: ['blocked@example.com'], addresses: [], order_patterns: ['90*'] },
  solutionId: 1,
  methodId: 1,
  refundValue: 120_000,
});

/** p50 and p99 of one evaluation, in milliseconds. */
export function benchEvaluator(): { p50Ms: number; p99Ms: number; runs: number } {
  const facts = fiftyLines(1_790_000_000);
  for (let warm = 0; warm < 1000; warm++) evaluateRules(manyRules, facts);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    evaluateRules(manyRules, facts);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? 0;
  return { p50Ms: at(0.5), p99Ms: at(0.99), runs: RUNS };
}
