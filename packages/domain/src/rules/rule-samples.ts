import type { ReturnRule, RuleAction, RuleCondition } from '@return-center/contract';
import type { RuleFacts, RuleItemFacts } from './rule-facts.js';

/** Test samples: the demo shop's order #1001 (a shirt and two pairs of sneakers) as rules see it. */
export const NOW = 1_790_000_000;
const DAY = 86_400;

export const shirt: RuleItemFacts = {
  lineId: 1,
  price: 4900,
  quantity: 1,
  productType: 'Shirts',
  tags: ['linen'],
  collections: ['Summer'],
  sku: 'LS-M',
  vendor: 'Fernhill',
};
export const sneakers: RuleItemFacts = {
  lineId: 2,
  price: 8900,
  quantity: 2,
  productType: 'Shoes',
  tags: ['final-sale'],
  collections: ['Sale'],
  sku: 'SN-42',
  vendor: 'Stride',
};

export const orderFacts = (overrides: Partial<RuleFacts> = {}): RuleFacts => ({
  now: NOW,
  order: {
    number: '1001',
    email: 'alice@example.com',
    createdAt: NOW - 10 * DAY,
    deliveredAt: NOW - 5 * DAY,
    value: 22_700,
    tags: ['vip'],
    discountCodes: ['WELCOME10'],
    country: 'US',
    region: 'CA',
    address: '12 Elm Street, 94105',
  },
  items: [shirt, sneakers],
  shopper: { requests: [], orders: 1, ordersWithReturn: 0 },
  lists: { emails: [], addresses: [], order_patterns: [] },
  ...overrides,
});

let next = 0;
export const rule = (
  conditions: RuleCondition[],
  actions: RuleAction[],
  extra: Partial<ReturnRule> = {},
): ReturnRule => ({
  id: `rule-${String(++next)}`,
  name: `Rule ${String(next)}`,
  enabled: true,
  match: 'all',
  conditions,
  actions,
  ...extra,
});

export const message = (text: string) => ({ text, translations: {} });
