/** ISO 4217 minor-unit exponents that differ from 2. */
const EXPONENTS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

export function currencyExponent(currency: string): number {
  return EXPONENTS[currency.toUpperCase()] ?? 2;
}

/** Parses a platform decimal string ("49.00", "1,234.5") into minor units without floats. */
export function parseMinor(decimal: string, currency: string): number {
  const exponent = currencyExponent(currency);
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(decimal.replace(/,/g, '').trim());
  if (!match) throw new Error(`Not a decimal amount: ${decimal}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.slice(exponent).replace(/0/g, '') !== '')
    throw new Error(`Too many decimals for ${currency}: ${decimal}`);
  const units = Number(whole) * 10 ** exponent + Number(fraction.slice(0, exponent).padEnd(exponent, '0') || '0');
  return sign ? -units : units;
}

/** Minor units → plain decimal string ("49.00"). */
export function minorToDecimal(amount: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount)).padStart(exponent + 1, '0');
  if (exponent === 0) return sign + digits;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats with the shop's `currency_format` pattern (e.g. `${{amount}}` → `$1,234.50`), the number
 * itself written the shopper's way (`de` → `1.234,50`). The decimal string goes to Intl as is, so
 * no float rounding is involved.
 */
export function formatMoney(amount: number, currency: string, currencyFormat: string, locale = 'en'): string {
  const exponent = currencyExponent(currency);
  const key = `${locale}:${exponent}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: exponent, maximumFractionDigits: exponent });
    formatters.set(key, formatter);
  }
  const body = formatter.format(minorToDecimal(Math.abs(amount), currency) as `${number}`);
  const text = currencyFormat.includes('{{')
    ? currencyFormat.replace(/\{\{\s*\w+\s*\}\}/, body)
    : `${body} ${currency}`;
  return amount < 0 ? `-${text}` : text;
}
