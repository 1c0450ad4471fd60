import { minorToDecimal } from '@return-center/domain';
import { formatLocale } from './i18n';

/** An amount in minor units in the member's locale; the decimal string goes to Intl as is. */
export function money(amount: number, currency: string): string {
  return new Intl.NumberFormat(formatLocale(), { style: 'currency', currency }).format(
    minorToDecimal(amount, currency) as `${number}`,
  );
}

export const dateTime = (seconds: number) =>
  new Intl.DateTimeFormat(formatLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(seconds * 1000);

export const date = (seconds: number) =>
  new Intl.DateTimeFormat(formatLocale(), { dateStyle: 'medium' }).format(seconds * 1000);
