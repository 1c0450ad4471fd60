import { minorToDecimal } from '@return-center/domain';

/** An amount in minor units as the merchant's browser writes money; the decimal string goes to Intl as is. */
export function money(amount: number, currency: string): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(
    minorToDecimal(amount, currency) as `${number}`,
  );
}

export const dateTime = (seconds: number) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(seconds * 1000);

export const date = (seconds: number) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(seconds * 1000);
