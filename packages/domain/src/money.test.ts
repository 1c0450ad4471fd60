import { LOCALES } from '@return-center/contract';
import { describe, expect, it } from 'vitest';
import { currencyExponent, formatMoney, minorToDecimal, parseMinor } from './money.js';

describe('money', () => {
  it('parses platform decimals exactly for 0, 2 and 3 decimal currencies', () => {
    expect(parseMinor('49.00', 'USD')).toBe(4900);
    expect(parseMinor('0.1', 'USD')).toBe(10);
    expect(parseMinor('1,234.56', 'EUR')).toBe(123456);
    expect(parseMinor('1500', 'JPY')).toBe(1500);
    expect(parseMinor('2.125', 'KWD')).toBe(2125);
    expect(() => parseMinor('1.005', 'USD')).toThrow();
    expect(() => parseMinor('abc', 'USD')).toThrow();
  });

  it('formats with the shop currency format', () => {
    expect(formatMoney(24994, 'USD', '${{amount}}')).toBe('$249.94');
    expect(formatMoney(123456789, 'USD', '${{amount}}')).toBe('$1,234,567.89');
    expect(formatMoney(1500, 'JPY', '¥{{amount}}')).toBe('¥1,500');
    expect(formatMoney(-500, 'EUR', '€{{amount}}')).toBe('-€5.00');
    expect(minorToDecimal(5, 'KWD')).toBe('0.005');
  });

  it('writes the number the shopper’s way', () => {
    expect(formatMoney(123450, 'EUR', '€{{amount}}', 'de')).toBe('€1.234,50');
    expect(formatMoney(123450, 'EUR', '{{amount}} €', 'fr')).toBe('1\u202f234,50 €');
    expect(formatMoney(900719925474099, 'USD', '${{amount}}')).toBe('$9,007,199,254,740.99');
  });

  it('writes every portal language’s numbers as Intl does, without asking Intl', () => {
    const amounts = [0, 7, 1234, 12345, 123456, 1234567, 123456789, 900719925474099];
    for (const locale of LOCALES)
      for (const currency of ['JPY', 'EUR', 'KWD'])
        for (const amount of amounts) {
          const exponent = currencyExponent(currency);
          const intl = new Intl.NumberFormat(locale, {
            minimumFractionDigits: exponent,
            maximumFractionDigits: exponent,
          });
          expect(formatMoney(amount, currency, '{{amount}}', locale), `${locale} ${currency} ${amount}`).toBe(
            intl.format(minorToDecimal(amount, currency) as `${number}`),
          );
        }
  });

  it('asks Intl for a locale the portal has no language of', () => {
    expect(formatMoney(123456789, 'INR', '₹{{amount}}', 'en-IN')).toBe('₹12,34,567.89');
    expect(formatMoney(123450, 'CHF', '{{amount}} CHF', 'de-CH')).toBe("1'234.50 CHF");
  });
});
