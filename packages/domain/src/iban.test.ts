import { describe, expect, it } from 'vitest';
import { BANK_REFUND_CURRENCIES } from '@return-center/contract';
import { formatIban, ibanCurrency, isIban, normalizeIban } from './iban.js';

/** The IBAN of this country and account number, with the check digits ISO 13616 gives it (98 − n·100 mod 97). */
function ibanOf(country: string, bban: string): string {
  const digits = `${bban}${country}00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  const remainder = Number(BigInt(digits) % 97n);
  return `${country}${String(98 - remainder).padStart(2, '0')}${bban}`;
}

describe('IBAN', () => {
  it('accepts the registry examples, with spaces and in lower case', () => {
    for (const iban of [
      'GB82 WEST 1234 5698 7654 32',
      'DE89370400440532013000',
      'fr14 2004 1010 0505 0001 3m02 606',
      'NL91ABNA0417164300',
      'NO9386011117947',
    ])
      expect(isIban(iban)).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length for the country, an unknown country and stray characters', () => {
    expect(isIban('GB82WEST12345698765433')).toBe(false);
    expect(isIban('GB82WEST123456987654')).toBe(false);
    expect(isIban('ZZ82WEST12345698765432')).toBe(false);
    expect(isIban('GB82WEST1234569876543!')).toBe(false);
    expect(isIban('')).toBe(false);
  });

  it("refuses an account whose national check digits are wrong, though its IBAN's own check holds", () => {
    // Belgium's registry example: bank 539, account 0075470, and 34 = 5390075470 mod 97.
    expect(ibanOf('BE', '539007547034')).toBe('BE68539007547034');
    expect(isIban('BE68539007547034')).toBe(true);
    expect(isIban(ibanOf('BE', '539007547035'))).toBe(false);
  });

  it("refuses an account number not in its country's format, though its length and check hold", () => {
    // A British account starts with the bank's four letters.
    expect(isIban(ibanOf('GB', 'WEST12345698765432'))).toBe(true);
    expect(isIban(ibanOf('GB', '123412345698765432'))).toBe(false);
  });

  it('catches any single changed digit', () => {
    const iban = 'DE89370400440532013000';
    for (let i = 4; i < iban.length; i++) {
      const changed = iban.slice(0, i) + String((Number(iban[i]) + 1) % 10) + iban.slice(i + 1);
      expect(isIban(changed)).toBe(false);
    }
  });

  it('normalises and prints in groups of four', () => {
    expect(normalizeIban(' gb82-west 1234 ')).toBe('GB82WEST1234');
    expect(formatIban('GB82WEST12345698765432')).toBe('GB82 WEST 1234 5698 7654 32');
  });

  it('names the currency an account of the IBAN’s country holds, one the refund can be paid in', () => {
    expect(ibanCurrency('GB82 WEST 1234 5698 7654 32')).toBe('GBP');
    expect(ibanCurrency('de89370400440532013000')).toBe('EUR');
    expect(ibanCurrency('NO9386011117947')).toBe('NOK');
    expect(ibanCurrency('CH9300762011623852957')).toBe('CHF');
    // Bulgaria has paid in euro since 1 January 2026: its lev accounts are euro accounts.
    expect(ibanCurrency('BG80 BNBG 9661 1020 3456 78')).toBe('EUR');
    expect(ibanCurrency('TR330006100519786457841326')).toBeNull();
    for (const code of ['GB', 'DE', 'FR', 'CH', 'SE', 'NO', 'DK', 'PL', 'CZ', 'HU', 'RO', 'BG'])
      expect(BANK_REFUND_CURRENCIES).toContain(ibanCurrency(`${code}00`));
  });
});
