import { z } from 'zod';
import { int, minor } from './envelope.js';
import { RETURN_WINDOW_DAYS } from './constants.js';
import { HOLD_RELEASE_MOMENTS } from './instant-exchange.js';
import { creditBonus } from './order.js';
import { returnAddress } from './shop-settings.js';
import { shopperMessage } from './shopper-message.js';

export { shopperMessage, type ShopperMessage } from './shopper-message.js';

/**
 * A shop's return policy as ordered rules (issue 32, ADR 035). The server evaluates them (domain `evaluateRules`); the
 * portal and the console only show what it decided.
 */

/** Facts compared with a number. Ages are in days (fractions count), money in minor units, a rate in percent. */
export const NUMBER_FIELDS = [
  'order_age_days',
  'days_since_delivery',
  'order_value',
  'item_price',
  'quantity',
  /** What the chosen items refund before fees (known once items are chosen). */
  'refund_value',
  /** The shopper's return requests in the last `days` days, at this shop. */
  'history_returns',
  /** Money refunded to the shopper in the last `days` days, at this shop. */
  'history_refunded',
  /** The share of the shopper's orders at this shop that have a return request, in percent. */
  'return_rate',
] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];
/** The number fields that look back over a number of days. */
export const HISTORY_FIELDS: readonly NumberField[] = ['history_returns', 'history_refunded'];

/** Facts compared with a list of texts, without regard to case. */
export const TEXT_FIELDS = [
  'product_type',
  'product_tag',
  'collection',
  'sku',
  'vendor',
  'email',
  'email_domain',
  /** ISO 3166-1 alpha-2 of the shipping address. */
  'country',
  /** The shipping address's province or state code. */
  'region',
  'order_tag',
  'discount_code',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** Facts compared with a list of ids: the reason, its group, the chosen solution and shipping method. */
export const ID_FIELDS = ['reason', 'reason_group', 'solution', 'method'] as const;
export type IdField = (typeof ID_FIELDS)[number];

/** Facts that are true or false. `on_block_list`: the email, address or order number is on the shop's lists. */
export const FLAG_FIELDS = ['final_sale', 'has_photos', 'has_description', 'on_block_list'] as const;
export type FlagField = (typeof FLAG_FIELDS)[number];

const text = z.string().trim().min(1).max(200);
const noMoreThan = <T extends z.ZodType>(item: T, count: number) => z.array(item).min(1).max(count);

export const numberCondition = z
  .object({
    field: z.enum(NUMBER_FIELDS),
    op: z.enum(['lt', 'lte', 'eq', 'gte', 'gt']),
    value: z.number().int().min(0).max(1_000_000_000_00),
    /** For history fields: how many days back. */
    days: int.min(1).max(3650).optional(),
  })
  .refine((c) => HISTORY_FIELDS.includes(c.field) === (c.days !== undefined), {
    message: 'days: needed by history_returns and history_refunded, and only by them',
    path: ['days'],
  })
  .refine((c) => c.field !== 'return_rate' || c.value <= 100, {
    message: 'value: a return rate is at most 100',
    path: ['value'],
  });
export const textCondition = z.object({
  field: z.enum(TEXT_FIELDS),
  op: z.enum(['in', 'not_in']),
  values: noMoreThan(text, 500),
});
export const idCondition = z.object({
  field: z.enum(ID_FIELDS),
  op: z.enum(['in', 'not_in']),
  values: noMoreThan(int, 100),
});
export const flagCondition = z.object({ field: z.enum(FLAG_FIELDS), is: z.boolean() });
export const ruleCondition = z.union([numberCondition, textCondition, idCondition, flagCondition]);
export type RuleCondition = z.infer<typeof ruleCondition>;
export type NumberCondition = z.infer<typeof numberCondition>;
export type TextCondition = z.infer<typeof textCondition>;
export type IdCondition = z.infer<typeof idCondition>;
export type FlagCondition = z.infer<typeof flagCondition>;

/** Who a fee is waived for: exchanges, or store credit (discount code, gift card). */
export const feeWaiver = z
  .array(z.enum(['exchange', 'store_credit']))
  .max(2)
  .default([]);

const ids = noMoreThan(int, 10);
export const ruleAction = z.discriminatedUnion('type', [
  /** Matching items may be returned, whatever a later deny rule says (the window still applies). */
  z.object({ type: z.literal('allow') }),
  z.object({ type: z.literal('deny'), message: shopperMessage }),
  z.object({ type: z.literal('window'), days: int.min(1).max(RETURN_WINDOW_DAYS) }),
  z.object({ type: z.literal('offer_solutions'), ids }),
  z.object({ type: z.literal('hide_solutions'), ids }),
  z.object({ type: z.literal('offer_methods'), ids }),
  z.object({ type: z.literal('hide_methods'), ids }),
  z.object({ type: z.literal('require_photos'), min: int.min(1).max(5) }),
  z.object({ type: z.literal('require_description') }),
  z.object({ type: z.literal('return_shipping_fee'), amount: minor.min(1), waive_for: feeWaiver }),
  z
    .object({
      type: z.literal('restocking_fee'),
      mode: z.enum(['percent', 'fixed']),
      value: int.min(1).max(1_000_000_00),
      /** Per item: of each matching item (a fixed fee per unit); per request: once, of the whole return. */
      per: z.enum(['item', 'request']),
      waive_for: feeWaiver,
    })
    .refine((fee) => fee.mode === 'fixed' || fee.value <= 100, 'value: a percentage is at most 100'),
  z.object({ type: z.literal('bonus_credit'), bonus: creditBonus }),
  /** Whether the shopper keeps the item (a green return: shipping method 3). */
  z.object({ type: z.literal('keep_item'), allow: z.boolean() }),
  z.object({ type: z.literal('flag'), reason: text }),
  /** Refuse the return: the shopper sees a neutral message; the reason is for staff. */
  z.object({ type: z.literal('block'), reason: text }),
  z.object({ type: z.literal('auto_approve') }),
  z.object({ type: z.literal('auto_reject'), message: shopperMessage }),
  /** `approved` applies to keep-the-item returns only: nothing comes back to wait for. */
  z.object({ type: z.literal('auto_refund'), when: z.enum(['received', 'first_scan', 'approved']) }),
  z.object({ type: z.literal('return_address'), address: returnAddress }),
  /** Offer (or withhold) an instant exchange against a card hold, let go at receipt or the carrier's first scan. */
  z.object({
    type: z.literal('instant_exchange'),
    offer: z.boolean(),
    release_on: z.enum(HOLD_RELEASE_MOMENTS).default('received'),
  }),
  z.object({ type: z.literal('tag'), tag: z.string().trim().min(1).max(40) }),
]);
export type RuleAction = z.infer<typeof ruleAction>;
export type RuleActionType = RuleAction['type'];

export const returnRule = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'id: 1 to 40 lower-case letters, digits or dashes'),
  name: z.string().trim().min(1).max(120),
  enabled: z.boolean().default(true),
  match: z.enum(['all', 'any']).default('all'),
  /** No conditions: the rule matches every item. */
  conditions: z.array(ruleCondition).max(20).default([]),
  actions: z.array(ruleAction).min(1).max(20),
});
export type ReturnRule = z.infer<typeof returnRule>;

/** Emails (`a@b.c`, or `*@b.c` for a domain), street addresses (`address1, zip`) and order numbers (`*` wildcards). */
export const blockLists = z.object({
  emails: z.array(text).max(10_000).default([]),
  addresses: z.array(text).max(10_000).default([]),
  order_patterns: z.array(text).max(1_000).default([]),
});
export type BlockLists = z.infer<typeof blockLists>;

export const MAX_RULES = 200;
export const ruleSetBody = z
  .object({
    rules: z.array(returnRule).max(MAX_RULES).default([]),
    lists: blockLists.default({ emails: [], addresses: [], order_patterns: [] }),
  })
  .refine((set) => new Set(set.rules.map((rule) => rule.id)).size === set.rules.length, {
    message: 'rules: each rule needs its own id',
    path: ['rules'],
  });
export type RuleSetBody = z.infer<typeof ruleSetBody>;

/** A shop's stored rules: the body with the version a save must name (as settings do). */
export const ruleSet = z.object({ version: int.min(0), rules: z.array(returnRule), lists: blockLists });
export type RuleSet = z.infer<typeof ruleSet>;

/** Moving rules: every rule id of the set, once each, in the new order. */
export const ruleOrder = z.object({ ids: z.array(z.string()).max(MAX_RULES) });

export const MAX_SIMULATED = 10_000;
/** Draft rules to try against the shop's latest requests before saving them (none of the anchors offers this). */
export const simulateBody = z.object({
  rules: ruleSetBody,
  limit: int.min(1).max(MAX_SIMULATED).default(1000),
});

/** What one rule set decided for a past request. */
export const simulatedOutcome = z.object({
  /** Units the rules let the shopper return, of the request's units. */
  allowed_units: int,
  denied_units: int,
  fees: minor,
  /** What the shopper would get back after the rules' fees. */
  total: minor,
  review: z.enum(['approve', 'reject', 'person']),
  flagged: z.boolean(),
  blocked: z.boolean(),
  rules: z.array(z.string()),
});
export type SimulatedOutcome = z.infer<typeof simulatedOutcome>;

/** What one rule set decided over the requests tried, added up. */
export const simulatedTotals = z.object({
  allowed_units: int,
  denied_units: int,
  auto_approved: int,
  auto_rejected: int,
  flagged: int,
  blocked: int,
  fees: minor,
  total: minor,
});

export const simulation = z.object({
  /** How many of the shop's latest requests were tried, newest first. */
  requests: int,
  /** How many the draft decides differently from the stored rules. */
  changed: int,
  /** What the stored rules decided over those requests, and what the draft would. */
  before: simulatedTotals,
  after: simulatedTotals,
  /** after.total − before.total, in the shop's currency: what the draft would have paid out more (or less). */
  money_difference: minor,
  currency: z.string(),
  /** Up to 50 requests the draft decides differently, newest first. */
  examples: z.array(
    z.object({
      request_id: int,
      order_no: z.string(),
      before: simulatedOutcome,
      after: simulatedOutcome,
    }),
  ),
});
export type Simulation = z.infer<typeof simulation>;
