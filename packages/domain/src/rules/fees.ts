import { SolutionId } from '@return-center/contract';
import type { ReturnMoneyResult } from '../return-money.js';
import type { FeeAction, RuleDecision, RuleRef } from './evaluate.js';

/** A returned item as fees see it: its units and what they cost the shopper before tax (price × units − discount). */
export interface FeeItem {
  lineId: number;
  quantity: number;
  base: number;
}

export interface RuleFee {
  rule: RuleRef;
  kind: FeeAction['type'];
  amount: number;
}

const STORE_CREDIT: readonly number[] = [SolutionId.DiscountCode, SolutionId.GiftCard];

const waived = (fee: FeeAction, solutionId: number | undefined): boolean =>
  (solutionId === SolutionId.Exchange && fee.waive_for.includes('exchange')) ||
  (solutionId !== undefined && STORE_CREDIT.includes(solutionId) && fee.waive_for.includes('store_credit'));

function amountOf(fee: FeeAction, items: readonly FeeItem[], lineIds: readonly number[]): number {
  if (fee.type === 'return_shipping_fee') return fee.amount;
  const counted = fee.per === 'request' ? items : items.filter((item) => lineIds.includes(item.lineId));
  if (fee.mode === 'fixed') {
    return fee.per === 'request' ? fee.value : counted.reduce((sum, item) => sum + item.quantity * fee.value, 0);
  }
  return Math.floor((counted.reduce((sum, item) => sum + item.base, 0) * fee.value) / 100);
}

/** The fees the rules charge on this return, each with its rule; waived ones are left out. */
export function ruleFees(
  decision: Pick<RuleDecision, 'fees'>,
  solutionId: number | undefined,
  items: readonly FeeItem[],
) {
  return decision.fees
    .filter(({ fee }) => !waived(fee, solutionId))
    .map(({ rule, fee, lineIds }): RuleFee => ({ rule, kind: fee.type, amount: amountOf(fee, items, lineIds) }))
    .filter((fee) => fee.amount > 0);
}

/**
 * The return's money with the rules' fees taken: return shipping fees join `return_fee`, restocking fees
 * `restocking_fee`, and the total never falls below zero (issue 32: a fee never makes a refund negative). Take fees
 * before adding the credit bonus (withCreditBonus), which counts on the total after fees.
 */
export function withRuleFees(money: ReturnMoneyResult, fees: readonly RuleFee[]): ReturnMoneyResult {
  const sum = (kind: RuleFee['kind']) =>
    fees.filter((fee) => fee.kind === kind).reduce((total, fee) => total + fee.amount, 0);
  const returnFee = money.return_fee + sum('return_shipping_fee');
  const restocking = money.restocking_fee + sum('restocking_fee');
  const total = Math.max(0, money.max_refund - returnFee - money.label_fee - restocking);
  return { ...money, return_fee: returnFee, restocking_fee: restocking, total };
}
