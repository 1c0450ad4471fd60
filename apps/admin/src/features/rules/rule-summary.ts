import type { ReturnRule, RuleAction, RuleCondition } from '@return-center/contract';
import type { TFunction } from 'i18next';
import { money } from '../../shared/format';
import type { IdOptions } from './condition-row';
import { MONEY_FIELDS } from './rule-words';

/** What the summary needs of the shop: its currency, and the names of its reasons, solutions and methods. */
export interface SummaryShop {
  currency: string;
  ids: IdOptions;
}

const nameOf = (options: IdOptions[keyof IdOptions], id: number) =>
  options.find(([option]) => option === id)?.[1] ?? String(id);

/** A condition in plain words: "Order value is more than $200.00". */
export function conditionWords(condition: RuleCondition, t: TFunction, shop: SummaryShop): string {
  const field = t(`rules.field.${condition.field}`);
  if ('is' in condition) return `${field}: ${condition.is ? t('rules.editor.yes') : t('rules.editor.no')}`;
  const op = t(`rules.op.${condition.op}`);
  if ('value' in condition) {
    const value = MONEY_FIELDS.includes(condition.field)
      ? money(condition.value, shop.currency)
      : String(condition.value);
    const days = condition.days ? ` ${t('rules.summary.lastDays', { days: condition.days })}` : '';
    return `${field} ${op} ${value}${days}`;
  }
  const values =
    condition.field in shop.ids
      ? condition.values.map((id) => nameOf(shop.ids[condition.field as keyof IdOptions], Number(id)))
      : condition.values.map(String);
  return `${field} ${op} ${values.join(', ')}`;
}

/** An action in plain words, with what it takes: "Charge a return shipping fee of $5.00, waived for exchanges". */
export function actionWords(action: RuleAction, t: TFunction, shop: SummaryShop): string {
  const does = t(`rules.action.${action.type}`);
  const waived = (waiveFor: readonly string[]) =>
    waiveFor.length
      ? t('rules.summary.waived', {
          for: waiveFor
            .map((who) =>
              t(who === 'exchange' ? 'rules.editor.waiveExchange' : 'rules.editor.waiveCredit').toLowerCase(),
            )
            .join(t('rules.or')),
        })
      : '';
  const ids = (options: IdOptions[keyof IdOptions], chosen: readonly number[]) =>
    `${does}: ${chosen.map((id) => nameOf(options, id)).join(', ')}`;
  switch (action.type) {
    case 'window':
      return t('rules.summary.window', { days: action.days });
    case 'return_shipping_fee':
      return `${does} ${t('rules.summary.of', { amount: money(action.amount, shop.currency) })}${waived(action.waive_for)}`;
    case 'restocking_fee': {
      const amount = action.mode === 'percent' ? `${String(action.value)}%` : money(action.value, shop.currency);
      const per = t(action.per === 'item' ? 'rules.editor.perItem' : 'rules.editor.perRequest').toLowerCase();
      return `${does} ${t('rules.summary.of', { amount })} ${per}${waived(action.waive_for)}`;
    }
    case 'require_photos':
      return t('rules.summary.photos', { count: action.min });
    case 'offer_solutions':
    case 'hide_solutions':
      return ids(shop.ids.solution, action.ids);
    case 'offer_methods':
    case 'hide_methods':
      return ids(shop.ids.method, action.ids);
    case 'flag':
    case 'block':
      return `${does}: ${action.reason}`;
    case 'tag':
      return `${does} “${action.tag}”`;
    case 'auto_refund':
      return `${does} ${t(`rules.summary.refund.${action.when}`)}`;
    case 'keep_item':
      return action.allow ? does : t('rules.summary.sendBack');
    case 'instant_exchange':
      return action.offer
        ? `${does}, ${t('rules.summary.holdReleased', { when: t(`rules.summary.refund.${action.release_on}`) })}`
        : t('rules.summary.noInstant');
    default:
      return does;
  }
}

/** A rule in one line: "When Collection is one of Sale: Deny the return of matching items". */
export function ruleWords(rule: ReturnRule, t: TFunction, shop: SummaryShop): string {
  const joiner = t(rule.match === 'all' ? 'rules.and' : 'rules.or');
  const when = rule.conditions.length
    ? t('rules.when', { conditions: rule.conditions.map((c) => conditionWords(c, t, shop)).join(joiner) })
    : t('rules.always');
  return `${when}: ${rule.actions.map((action) => actionWords(action, t, shop)).join('; ')}`;
}
