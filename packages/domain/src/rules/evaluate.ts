import {
  RETURN_WINDOW_DAYS,
  type CreditBonus,
  type ReturnAddress,
  type ReturnRule,
  type RuleAction,
  type RuleCondition,
  type ShopperMessage,
} from '@return-center/contract';
import { matchingItems } from './conditions.js';
import type { RuleFacts, RuleItemFacts } from './rule-facts.js';

/** A rule as a decision names it: on the timeline ("rule: <name>") and in the request's record. */
export interface RuleRef {
  id: string;
  name: string;
}

type ActionOf<T extends RuleAction['type']> = Extract<RuleAction, { type: T }>;
export type FeeAction = ActionOf<'return_shipping_fee'> | ActionOf<'restocking_fee'>;

/** What the rules decided for one item. */
export interface ItemDecision {
  lineId: number;
  windowDays: number;
  /** Denied by a rule (or blocked, with an empty message: the portal's neutral wording), or null. */
  denied: { rule: RuleRef; message: ShopperMessage } | null;
  photosRequired: number;
  descriptionRequired: boolean;
}

export interface RuleDecision {
  items: ItemDecision[];
  offerSolutions: number[];
  hideSolutions: number[];
  offerMethods: number[];
  hideMethods: number[];
  /** Each fee of a matching rule, with the items it matched (a per-item fee counts only those). */
  fees: { rule: RuleRef; fee: FeeAction; lineIds: number[] }[];
  bonus: { rule: RuleRef; bonus: CreditBonus } | null;
  keepItem: { rule: RuleRef; allow: boolean } | null;
  flags: { rule: RuleRef; reason: string }[];
  block: { rule: RuleRef; reason: string } | null;
  /** Approve or reject without a person. A flagged or blocked request is never approved automatically. */
  review:
    { rule: RuleRef; decision: 'approve' } | { rule: RuleRef; decision: 'reject'; message: ShopperMessage } | null;
  autoRefund: { rule: RuleRef; when: ActionOf<'auto_refund'>['when'] } | null;
  returnAddress: { rule: RuleRef; address: ReturnAddress } | null;
  /** Whether an exchange may be instant against a card hold, and when the hold is let go (ADR 047). */
  instantExchange: { rule: RuleRef; offer: boolean; releaseOn: ActionOf<'instant_exchange'>['release_on'] } | null;
  tags: string[];
  /** Every enabled rule that matched, in order. */
  decidedBy: RuleRef[];
}

/** An item while rules are read: whether allow or deny, the window and a block have been decided for it yet. */
type WorkingItem = ItemDecision & { settled: boolean; windowSet: boolean; blocked: boolean };

const NEUTRAL: ShopperMessage = { text: '', translations: {} };
const refOf = (rule: ReturnRule): RuleRef => ({ id: rule.id, name: rule.name });
const addAll = (into: number[], values: readonly number[]) => {
  for (const value of values) if (!into.includes(value)) into.push(value);
};

/**
 * The shop's rules applied to a return (issue 32, ADR 035). Rules are read in order; for each decision that has one
 * answer (allow or deny an item, its window, the bonus, keeping the item, the review, the refund moment, the return
 * address, an instant exchange) the first matching rule that makes it wins. Fees, flags, tags and offered or hidden solutions and methods
 * add up over every matching rule; a block denies its items whatever an allow rule says. A rule's item-level actions
 * apply to the items it matched; its request-level actions apply when it matched any item.
 */
export function evaluateRules(rules: readonly ReturnRule[], facts: RuleFacts): RuleDecision {
  const items = facts.items.map((item): WorkingItem => ({
    lineId: item.lineId,
    windowDays: RETURN_WINDOW_DAYS,
    denied: null,
    photosRequired: 0,
    descriptionRequired: false,
    settled: false,
    windowSet: false,
    blocked: false,
  }));
  const decision: RuleDecision = {
    items,
    offerSolutions: [],
    hideSolutions: [],
    offerMethods: [],
    hideMethods: [],
    fees: [],
    bonus: null,
    keepItem: null,
    flags: [],
    block: null,
    review: null,
    autoRefund: null,
    returnAddress: null,
    instantExchange: null,
    tags: [],
    decidedBy: [],
  };
  const known = new Map<RuleCondition, boolean>();
  const byLine = new Map(items.map((item) => [item.lineId, item]));
  for (const rule of rules) {
    if (!rule.enabled) continue;
    const matched = matchingItems(rule, facts, known);
    if (matched === null) continue;
    const ref = refOf(rule);
    decision.decidedBy.push(ref);
    const mine = matched === facts.items ? items : matched.map((fact) => byLine.get(fact.lineId) as WorkingItem);
    for (const action of rule.actions) applyAction(decision, action, ref, mine, matched);
  }
  if (decision.review?.decision === 'approve' && (decision.flags.length > 0 || decision.block)) decision.review = null;
  decision.items = items.map(({ settled: _s, windowSet: _w, blocked: _b, ...item }) => item);
  return decision;
}

function applyAction(
  decision: RuleDecision,
  action: RuleAction,
  rule: RuleRef,
  items: WorkingItem[],
  matched: readonly RuleItemFacts[],
): void {
  switch (action.type) {
    case 'allow':
    case 'deny':
      for (const item of items.filter((entry) => !entry.settled)) {
        item.settled = true;
        if (action.type === 'deny' && !item.blocked) item.denied = { rule, message: action.message };
      }
      return;
    case 'block':
      for (const item of items) {
        item.blocked = true;
        item.settled = true;
        item.denied = { rule, message: NEUTRAL };
      }
      decision.block ??= { rule, reason: action.reason };
      return;
    case 'window':
      for (const item of items.filter((entry) => !entry.windowSet)) {
        item.windowSet = true;
        item.windowDays = action.days;
      }
      return;
    case 'require_photos':
      for (const item of items) item.photosRequired = Math.max(item.photosRequired, action.min);
      return;
    case 'require_description':
      for (const item of items) item.descriptionRequired = true;
      return;
    case 'offer_solutions':
      addAll(decision.offerSolutions, action.ids);
      return;
    case 'hide_solutions':
      addAll(decision.hideSolutions, action.ids);
      return;
    case 'offer_methods':
      addAll(decision.offerMethods, action.ids);
      return;
    case 'hide_methods':
      addAll(decision.hideMethods, action.ids);
      return;
    case 'return_shipping_fee':
    case 'restocking_fee':
      decision.fees.push({ rule, fee: action, lineIds: matched.map((item) => item.lineId) });
      return;
    case 'bonus_credit':
      decision.bonus ??= { rule, bonus: action.bonus };
      return;
    case 'keep_item':
      decision.keepItem ??= { rule, allow: action.allow };
      return;
    case 'flag':
      decision.flags.push({ rule, reason: action.reason });
      return;
    case 'auto_approve':
      decision.review ??= { rule, decision: 'approve' };
      return;
    case 'auto_reject':
      decision.review ??= { rule, decision: 'reject', message: action.message };
      return;
    case 'auto_refund':
      decision.autoRefund ??= { rule, when: action.when };
      return;
    case 'return_address':
      decision.returnAddress ??= { rule, address: action.address };
      return;
    case 'instant_exchange':
      decision.instantExchange ??= { rule, offer: action.offer, releaseOn: action.release_on };
      return;
    case 'tag':
      if (!decision.tags.includes(action.tag)) decision.tags.push(action.tag);
      return;
  }
}

/** What the desk keeps of a request's decision (stored with the request): who reviews it, when it is refunded, why. */
export type DeskOutcome = Pick<
  RuleDecision,
  'review' | 'autoRefund' | 'flags' | 'tags' | 'returnAddress' | 'instantExchange'
>;

export const deskOutcomeOf = ({
  review,
  autoRefund,
  flags,
  tags,
  returnAddress,
  instantExchange,
}: RuleDecision): DeskOutcome => ({
  review,
  autoRefund,
  flags,
  tags,
  returnAddress,
  instantExchange,
});

/** A stored outcome, or none for a request made before rules (its column holds `{}`). */
export const parseDeskOutcome = (json: string): DeskOutcome => ({
  review: null,
  autoRefund: null,
  flags: [],
  tags: [],
  returnAddress: null,
  instantExchange: null,
  ...(JSON.parse(json || '{}') as Partial<DeskOutcome>),
});
