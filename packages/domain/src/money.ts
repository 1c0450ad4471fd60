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

interface NumberStyle {
  decimal: string;
  group: string;
  /** The digits a whole number needs before it is grouped: 4 (1,234) or, in some languages, 5 (1234,50 but 12.345,00). */
  groupFrom: number;
}

const styled = (decimal: string, group: string, groupFrom: number, languages: string) =>
  languages.split(' ').map((language): [string, NumberStyle] => [language, { decimal, group, groupFrom }]);

/**
 * How the portal's languages write a number (CLDR, as Intl writes it; money.test.ts compares every one with Intl).
 * Written out because the first `Intl.NumberFormat` a page makes loads the browser's number data: 40–70 ms, 110–290
 * ms at 4× CPU, on the way to the first paint of every screen that shows an amount. Other locales go to Intl.
 */
const NUMBER_STYLES = new Map<string, NumberStyle>([
  ...styled('.', ',', 4, 'ar en he ja ko ms th zh zh-hant'),
  ...styled(',', '.', 4, 'da de el id nl pt ro tr vi'),
  ...styled(',', '.', 5, 'es it sl'),
  ...styled(',', '\u00a0', 4, 'cs fi lt nb ru sv uk'),
  ...styled(',', '\u00a0', 5, 'bg et lv pl'),
  ...styled(',', '\u202f', 4, 'fr'),
]);

const formatters = new Map<string, Intl.NumberFormat>();

/** A plain decimal string ("1234.50") written in `locale`'s way ("1.234,50"). */
function writeDecimal(decimal: string, exponent: number, locale: string): string {
  const style = NUMBER_STYLES.get(locale.toLowerCase());
  if (style) {
    const [whole = '', fraction] = decimal.split('.');
    const grouped = whole.length < style.groupFrom ? whole : whole.replace(/\B(?=(\d{3})+$)/g, style.group);
    return fraction === undefined ? grouped : `${grouped}${style.decimal}${fraction}`;
  }
  const key = `${locale}:${exponent}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: exponent, maximumFractionDigits: exponent });
    formatters.set(key, formatter);
  }
  // The decimal string goes to Intl as is, so no float rounding is involved.
  return formatter.format(decimal as `${number}`);
}

/**
 * Formats with the shop's `currency_format` pattern (e.g. `${{amount}}` → `$1,234.50`), the number
 * itself written the shopper's way (`de` → `1.234,50`).
 */
export function formatMoney(amount: number, currency: string, currencyFormat: string, locale = 'en'): string {
  const body = writeDecimal(minorToDecimal(Math.abs(amount), currency), currencyExponent(currency), locale);
  const text = currencyFormat.includes('{{')
    ? currencyFormat.replace(/\{\{\s*\w+\s*\}\}/, body)
    : `${body} ${currency}`;
  return amount < 0 ? `-${text}` : text;
}
