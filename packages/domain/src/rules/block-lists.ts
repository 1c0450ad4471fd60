import type { BlockLists } from '@return-center/contract';
import type { RuleOrderFacts } from './rule-facts.js';

const squash = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** `*` matches any run of characters; everything else is literal, compared without regard to case. */
const wildcard = (pattern: string, value: string): boolean => {
  const source = pattern
    .toLowerCase()
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(value.toLowerCase());
};

/**
 * Whether the order's email, shipping address or number is on the shop's lists. Emails match exactly or by `*@domain`;
 * addresses match on letters and digits alone (so `12 Elm St., 94105` is `12 elm st 94105`); order numbers by pattern.
 */
export function onBlockList(lists: BlockLists, order: Pick<RuleOrderFacts, 'email' | 'address' | 'number'>): boolean {
  const email = order.email.trim().toLowerCase();
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (
    email !== '' &&
    lists.emails.some((entry) => {
      const wanted = entry.trim().toLowerCase();
      return wanted === email || (wanted.startsWith('*@') && wanted.slice(2) === domain);
    })
  )
    return true;
  const address = squash(order.address);
  if (address !== '' && lists.addresses.some((entry) => squash(entry) === address)) return true;
  return order.number !== '' && lists.order_patterns.some((pattern) => wildcard(pattern.trim(), order.number));
}
