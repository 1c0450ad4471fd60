import { SolutionId, type ReturnSetting } from '@return-center/contract';
import type { ReturnMoneyResult } from './return-money.js';

export type CreditBonusRule = ReturnSetting['credit_bonus'];

/** The solutions that keep the money at the shop, and so may earn the bonus: store credit and exchanges. */
const KEEPS_MONEY_AT_SHOP: readonly number[] = [SolutionId.DiscountCode, SolutionId.GiftCard, SolutionId.Exchange];

/**
 * The shop's bonus for a return of `total` (minor units) under `solutionId`: a percentage of it (rounded down) or a
 * fixed amount, at most `rule.max` when that is set. Nothing for money back, or for a return worth nothing.
 */
export function creditBonus(solutionId: number | null | undefined, total: number, rule: CreditBonusRule): number {
  if (solutionId == null || !KEEPS_MONEY_AT_SHOP.includes(solutionId) || total <= 0 || rule.value <= 0) return 0;
  const bonus = rule.type === 'percent' ? Math.floor((total * rule.value) / 100) : rule.value;
  return rule.max > 0 ? Math.min(bonus, rule.max) : bonus;
}

/** The return's money with the bonus for this solution added to its total (and named, for the breakdown). */
export function withCreditBonus(
  money: ReturnMoneyResult,
  solutionId: number | null | undefined,
  rule: CreditBonusRule,
): ReturnMoneyResult {
  const bonus = creditBonus(solutionId, money.total, rule);
  return { ...money, bonus, total: money.total + bonus };
}
