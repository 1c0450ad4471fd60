import {
  FLAG_FIELDS,
  HISTORY_FIELDS,
  ID_FIELDS,
  NUMBER_FIELDS,
  TEXT_FIELDS,
  type ReturnRule,
  type RuleAction,
  type RuleCondition,
} from '@return-center/contract';

export type Kind = 'number' | 'text' | 'id' | 'flag';
export type ConditionField = RuleCondition['field'];
export const CONDITION_FIELDS: readonly ConditionField[] = [
  ...NUMBER_FIELDS,
  ...TEXT_FIELDS,
  ...ID_FIELDS,
  ...FLAG_FIELDS,
];
/** Number fields that hold money, typed as decimals of the shop's currency. */
export const MONEY_FIELDS: readonly string[] = ['order_value', 'item_price', 'refund_value', 'history_refunded'];

export const kindOf = (field: string): Kind =>
  (NUMBER_FIELDS as readonly string[]).includes(field)
    ? 'number'
    : (TEXT_FIELDS as readonly string[]).includes(field)
      ? 'text'
      : (ID_FIELDS as readonly string[]).includes(field)
        ? 'id'
        : 'flag';

/** A new condition on `field`, with the test and value that kind of field starts from. */
export function conditionFor(field: ConditionField): RuleCondition {
  switch (kindOf(field)) {
    case 'number':
      return {
        field,
        op: 'gt',
        value: 0,
        ...(HISTORY_FIELDS.includes(field as never) ? { days: 90 } : {}),
      } as RuleCondition;
    case 'text':
      return { field, op: 'in', values: [] } as unknown as RuleCondition;
    case 'id':
      return { field, op: 'in', values: [] } as unknown as RuleCondition;
    case 'flag':
      return { field, is: true } as RuleCondition;
  }
}

export const ACTION_TYPES: readonly RuleAction['type'][] = [
  'deny',
  'allow',
  'window',
  'return_shipping_fee',
  'restocking_fee',
  'require_photos',
  'require_description',
  'hide_solutions',
  'offer_solutions',
  'hide_methods',
  'offer_methods',
  'bonus_credit',
  'keep_item',
  'flag',
  'block',
  'auto_approve',
  'auto_reject',
  'auto_refund',
  'instant_exchange',
  'return_address',
  'tag',
];

const NO_MESSAGE = { text: '', translations: {} };

/** A new action of `type`, with the values a merchant most often means. */
export function actionFor(
  type: RuleAction['type'],
  address: Extract<RuleAction, { type: 'return_address' }>['address'],
) {
  const made: Record<RuleAction['type'], RuleAction> = {
    allow: { type: 'allow' },
    deny: { type: 'deny', message: NO_MESSAGE },
    window: { type: 'window', days: 30 },
    offer_solutions: { type: 'offer_solutions', ids: [] },
    hide_solutions: { type: 'hide_solutions', ids: [] },
    offer_methods: { type: 'offer_methods', ids: [] },
    hide_methods: { type: 'hide_methods', ids: [] },
    require_photos: { type: 'require_photos', min: 1 },
    require_description: { type: 'require_description' },
    return_shipping_fee: { type: 'return_shipping_fee', amount: 500, waive_for: [] },
    restocking_fee: { type: 'restocking_fee', mode: 'percent', value: 10, per: 'request', waive_for: [] },
    bonus_credit: { type: 'bonus_credit', bonus: { type: 'percent', value: 10, max: 0 } },
    keep_item: { type: 'keep_item', allow: true },
    flag: { type: 'flag', reason: '' },
    block: { type: 'block', reason: '' },
    auto_approve: { type: 'auto_approve' },
    auto_reject: { type: 'auto_reject', message: NO_MESSAGE },
    auto_refund: { type: 'auto_refund', when: 'received' },
    instant_exchange: { type: 'instant_exchange', offer: true, release_on: 'received' },
    return_address: { type: 'return_address', address },
    tag: { type: 'tag', tag: '' },
  };
  return made[type];
}

/** A rule not yet written: it denies every item until the merchant says otherwise. */
export const newRule = (count: number): ReturnRule => ({
  id: `rule-${Date.now().toString(36)}-${String(count + 1)}`,
  name: '',
  enabled: true,
  match: 'all',
  conditions: [],
  actions: [{ type: 'deny', message: { text: '', translations: {} } }],
});
