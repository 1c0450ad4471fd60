import {
  ID_FIELDS,
  type FlagField,
  type IdCondition,
  type IdField,
  type NumberField,
  type ReturnRule,
  type RuleCondition,
  type TextCondition,
  type TextField,
} from '@return-center/contract';
import { onBlockList } from './block-lists.js';
import { isFinalSale, type RuleFacts, type RuleItemFacts } from './rule-facts.js';

const DAY = 86_400;

/** A fact a condition reads, or undefined while it is not known (the condition then does not match). */
type Known<T> = T | undefined;

function numberFact(field: NumberField, facts: RuleFacts, item: RuleItemFacts | undefined, days = 0): Known<number> {
  const since = facts.now - days * DAY;
  switch (field) {
    case 'order_age_days':
      return (facts.now - facts.order.createdAt) / DAY;
    case 'days_since_delivery':
      return facts.order.deliveredAt === null ? undefined : (facts.now - facts.order.deliveredAt) / DAY;
    case 'order_value':
      return facts.order.value;
    case 'item_price':
      return item?.price;
    case 'quantity':
      return item?.quantity;
    case 'refund_value':
      return facts.refundValue;
    case 'history_returns':
      return facts.shopper.requests.filter((request) => request.createdAt >= since).length;
    case 'history_refunded':
      return facts.shopper.requests
        .filter((request) => request.createdAt >= since)
        .reduce((sum, request) => sum + request.refunded, 0);
    case 'return_rate':
      return facts.shopper.orders === 0 ? 0 : (facts.shopper.ordersWithReturn * 100) / facts.shopper.orders;
  }
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

function textFacts(field: TextField, facts: RuleFacts, item: RuleItemFacts | undefined): Known<readonly string[]> {
  const { order } = facts;
  switch (field) {
    case 'product_type':
      return item && [item.productType];
    case 'product_tag':
      return item?.tags;
    case 'collection':
      return item?.collections;
    case 'sku':
      return item && [item.sku];
    case 'vendor':
      return item && [item.vendor];
    case 'email':
      return [order.email];
    case 'email_domain':
      return [domainOf(order.email)];
    case 'country':
      return [order.country];
    case 'region':
      return [order.region];
    case 'order_tag':
      return order.tags;
    case 'discount_code':
      return order.discountCodes;
  }
}

function idFact(field: IdField, facts: RuleFacts, item: RuleItemFacts | undefined): Known<number> {
  switch (field) {
    case 'reason':
      return item?.reasonId;
    case 'reason_group':
      return item?.reasonGroupId;
    case 'solution':
      return facts.solutionId;
    case 'method':
      return facts.methodId;
  }
}

function flagFact(field: FlagField, facts: RuleFacts, item: RuleItemFacts | undefined): Known<boolean> {
  switch (field) {
    case 'final_sale':
      return item && isFinalSale(item.tags);
    case 'has_photos':
      return item?.photos === undefined ? undefined : item.photos > 0;
    case 'has_description':
      return item?.description === undefined ? undefined : item.description.trim() !== '';
    case 'on_block_list':
      return onBlockList(facts.lists, facts.order);
  }
}

const compare = {
  lt: (a: number, b: number) => a < b,
  lte: (a: number, b: number) => a <= b,
  eq: (a: number, b: number) => a === b,
  gte: (a: number, b: number) => a >= b,
  gt: (a: number, b: number) => a > b,
};

const ID_FIELD_SET: ReadonlySet<string> = new Set(ID_FIELDS);
const isIdCondition = (condition: IdCondition | TextCondition): condition is IdCondition =>
  ID_FIELD_SET.has(condition.field);

const listHolds = (op: 'in' | 'not_in', found: boolean) => (op === 'in' ? found : !found);

/** The lower-cased values of each text condition, made once per condition object (rules are read on every call). */
const wantedOf = new WeakMap<TextCondition, Set<string>>();
const wanted = (condition: TextCondition) => {
  let set = wantedOf.get(condition);
  if (!set) {
    set = new Set(condition.values.map((value) => value.toLowerCase()));
    wantedOf.set(condition, set);
  }
  return set;
};

/** Whether one condition holds for the order and, where it looks at one, the item. Unknown facts never match. */
export function conditionHolds(condition: RuleCondition, facts: RuleFacts, item: RuleItemFacts | undefined): boolean {
  if ('is' in condition) {
    const fact = flagFact(condition.field, facts, item);
    return fact !== undefined && fact === condition.is;
  }
  if ('value' in condition) {
    const fact = numberFact(condition.field, facts, item, condition.days);
    return fact !== undefined && compare[condition.op](fact, condition.value);
  }
  if (isIdCondition(condition)) {
    const fact = idFact(condition.field, facts, item);
    return fact !== undefined && listHolds(condition.op, condition.values.includes(fact));
  }
  const fact = textFacts(condition.field, facts, item);
  if (fact === undefined) return false;
  const values = wanted(condition);
  return listHolds(
    condition.op,
    fact.some((value) => values.has(value.toLowerCase())),
  );
}

/** Facts of an item rather than of the order, the shopper or the return as a whole. */
const ITEM_FIELDS: ReadonlySet<string> = new Set([
  'item_price',
  'quantity',
  'product_type',
  'product_tag',
  'collection',
  'sku',
  'vendor',
  'reason',
  'reason_group',
  'final_sale',
  'has_photos',
  'has_description',
]);
/** A rule's conditions on the order, the shopper and the return as a whole, and those on each item. */
interface Split {
  order: RuleCondition[];
  item: RuleCondition[];
}
const splits = new WeakMap<ReturnRule, Split>();
const splitOf = (rule: ReturnRule): Split => {
  let split = splits.get(rule);
  if (!split) {
    split = {
      order: rule.conditions.filter((condition) => !ITEM_FIELDS.has(condition.field)),
      item: rule.conditions.filter((condition) => ITEM_FIELDS.has(condition.field)),
    };
    splits.set(rule, split);
  }
  return split;
};

/** Whether all (or any) of the item's conditions hold for it. */
function itemHolds(conditions: RuleCondition[], all: boolean, facts: RuleFacts, item: RuleItemFacts): boolean {
  for (const condition of conditions) {
    const holds = conditionHolds(condition, facts, item);
    if (all && !holds) return false;
    if (!all && holds) return true;
  }
  return all;
}

/**
 * The items a rule matches, or null when it matches none (a rule without conditions matches every item; an order
 * without items is matched on its own facts). Conditions on the order are read once per evaluation (`known` keeps
 * their answers across rules), those on an item once per item: this runs for every rule on each shopper call.
 */
export function matchingItems(
  rule: ReturnRule,
  facts: RuleFacts,
  known: Map<RuleCondition, boolean>,
): readonly RuleItemFacts[] | null {
  if (rule.conditions.length === 0) return facts.items;
  const all = rule.match === 'all';
  const { order, item } = splitOf(rule);
  for (const condition of order) {
    let holds = known.get(condition);
    if (holds === undefined) {
      holds = conditionHolds(condition, facts, undefined);
      known.set(condition, holds);
    }
    if (all && !holds) return null;
    if (!all && holds) return facts.items;
  }
  if (item.length === 0) return all ? facts.items : null;
  const matched = facts.items.filter((entry) => itemHolds(item, all, facts, entry));
  return matched.length > 0 ? matched : null;
}

const SHOPPER_FIELDS: readonly string[] = ['history_returns', 'history_refunded', 'return_rate'];

/** Whether an enabled rule looks at the shopper's history, which then has to be read (and otherwise need not be). */
export const needsShopperHistory = (rules: readonly ReturnRule[]): boolean =>
  rules.some((rule) => rule.enabled && rule.conditions.some((condition) => SHOPPER_FIELDS.includes(condition.field)));
