import { describe, expect, it } from 'vitest';
import { onBlockList } from './block-lists.js';

const order = { email: 'Mallory@Fraud.example', address: '12 Elm St., 94105', number: 'DS-9012' };
const lists = (entries: Partial<Parameters<typeof onBlockList>[0]>) => ({
  emails: [],
  addresses: [],
  order_patterns: [],
  ...entries,
});

describe('onBlockList', () => {
  it('finds an email exactly or by its domain, in any case', () => {
    expect(onBlockList(lists({ emails: ['mallory@fraud.example'] }), order)).toBe(true);
    expect(onBlockList(lists({ emails: ['*@FRAUD.example'] }), order)).toBe(true);
    expect(onBlockList(lists({ emails: ['*@example', 'mallory@fraud.example.com'] }), order)).toBe(false);
  });

  it('finds an address whatever its punctuation', () => {
    expect(onBlockList(lists({ addresses: ['12 elm st 94105'] }), order)).toBe(true);
    expect(onBlockList(lists({ addresses: ['12 Elm St, 94106'] }), order)).toBe(false);
  });

  it('finds an order number by a pattern with wildcards, and treats other characters literally', () => {
    expect(onBlockList(lists({ order_patterns: ['ds-90*'] }), order)).toBe(true);
    expect(onBlockList(lists({ order_patterns: ['DS-9.12', 'DS-90'] }), order)).toBe(false);
  });
});
