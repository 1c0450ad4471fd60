import { isValidIBAN } from 'ibantools';

/** The IBAN as stored and sent: upper case, no spaces. */
export function normalizeIban(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

/** Groups of four, as printed on bank statements. */
export function formatIban(text: string): string {
  return normalizeIban(text).replace(/(.{4})(?=.)/g, '$1 ');
}

/** An IBAN shown back to its owner without giving it away: only its last four characters ("•••• 5432"). */
export const maskedIban = (last4: string) => `•••• ${last4}`;

/**
 * ISO 13616 as the SWIFT IBAN registry has it (ibantools): the country's length and account format, the remainder 1
 * mod 97, and the national check digits where the country has them.
 */
export const isIban = (text: string): boolean => isValidIBAN(normalizeIban(text));

// Bulgaria has paid in euro since 1 January 2026 (its lev accounts became euro accounts).
const EURO = 'AD AT BE BG CY DE EE ES FI FR GR HR IE IT LT LU LV MC MT NL PT SI SK SM VA'.split(' ');
const NATIONAL: Record<string, string> = {
  GB: 'GBP',
  CH: 'CHF',
  LI: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  FO: 'DKK',
  GL: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  RO: 'RON',
};

/** The currency an account with this IBAN usually holds (its country's), for the form to start from; null if unknown. */
export function ibanCurrency(text: string): string | null {
  const country = normalizeIban(text).slice(0, 2);
  return EURO.includes(country) ? 'EUR' : (NATIONAL[country] ?? null);
}
