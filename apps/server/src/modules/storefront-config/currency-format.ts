const FORMATS: Record<string, string> = {
  USD: '${{amount}}',
  EUR: '€{{amount}}',
  GBP: '£{{amount}}',
  JPY: '¥{{amount}}',
  CAD: 'CA${{amount}}',
  AUD: 'A${{amount}}',
};

/** How a currency's amounts read when the shop names no format of its own. */
export const defaultCurrencyFormat = (currency: string) => FORMATS[currency] ?? `{{amount}} ${currency}`;
