import { WITHDRAWAL_REFUND_DAYS, type WithdrawalSetting } from '@return-center/contract';

const DAY = 86_400;

/** The EU member states with Iceland, Liechtenstein and Norway (the EEA), where Directive 2011/83/EU applies. */
export const EEA_COUNTRIES: readonly string[] = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT',
  'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'IS', 'LI', 'NO',
]; // prettier-ignore

/**
 * Whether a shop offers the withdrawal function (ADR 046): as the merchant set it, or, when they left it to the shop,
 * on for a shop that sells in euros or whose return address is in the EU/EEA.
 */
export function withdrawalOn(setting: WithdrawalSetting, shop: { currency: string; countryCode: string }): boolean {
  if (setting.enabled !== null) return setting.enabled;
  return shop.currency.toUpperCase() === 'EUR' || EEA_COUNTRIES.includes(shop.countryCode.toUpperCase());
}

/**
 * Whether a declaration at `at` is within the period (Art. 9(2)(b): it runs from the day the goods arrive). Only the
 * order's delivery date starts it: when the shop's data has none (fulfilment or order date only), the period is taken
 * as still open, so no consumer loses the right because of a date the shop did not record (ADR 046).
 */
export function withinWithdrawalPeriod(
  order: { deliveredAt: number | null },
  days: number,
  at: number,
): { within: boolean; ends: number | null } {
  if (order.deliveredAt === null) return { within: true, ends: null };
  const ends = order.deliveredAt + days * DAY;
  return { within: at <= ends, ends };
}

/** The refund's legal deadline: 14 days after the declaration (Art. 13(1)). */
export const withdrawalRefundBy = (declaredAt: number) => declaredAt + WITHDRAWAL_REFUND_DAYS * DAY;
