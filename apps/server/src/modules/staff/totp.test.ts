import { describe, expect, it } from 'vitest';
import { newTotpSecret, otpauthUrl, totpAt, totpStep } from './totp.js';

// RFC 6238 Appendix B: the SHA-1 seed "12345678901234567890" (ASCII), base32 as stored sealed in `staff_accounts`.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP codes', () => {
  it.each([
    [59, '287082'],
    [1_111_111_109, '081804'],
    [1_111_111_111, '050471'],
    [1_234_567_890, '005924'],
    [2_000_000_000, '279037'],
    [20_000_000_000, '353130'],
  ])("at %i s are the last six digits of RFC 6238's SHA-1 vector", (seconds, code) => {
    expect(totpAt(RFC_SECRET, Math.floor(seconds / 30))).toBe(code);
    expect(totpStep(RFC_SECRET, code, seconds)).toBe(Math.floor(seconds / 30));
  });

  it('take the step before or after, each once, and no other', () => {
    const now = 1_234_567_890;
    const step = Math.floor(now / 30);
    expect(totpStep(RFC_SECRET, totpAt(RFC_SECRET, step - 1), now)).toBe(step - 1);
    expect(totpStep(RFC_SECRET, totpAt(RFC_SECRET, step + 1), now)).toBe(step + 1);
    expect(totpStep(RFC_SECRET, totpAt(RFC_SECRET, step - 2), now)).toBeNull();
    // The step of the last code taken, and any before it, no longer count.
    expect(totpStep(RFC_SECRET, totpAt(RFC_SECRET, step), now, step)).toBeNull();
    expect(totpStep(RFC_SECRET, totpAt(RFC_SECRET, step + 1), now, step)).toBe(step + 1);
  });
});

describe('TOTP secrets', () => {
  it('are 160 random bits in base32, different each time', () => {
    const [a, b] = [newTotpSecret(), newTotpSecret()];
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(a).not.toBe(b);
  });

  it('go to the authenticator app as a Key URI naming the shop and the account', () => {
    const url = new URL(otpauthUrl(RFC_SECRET, 'owner@shop.example', 'Fernhill Supply Co.'));
    expect(`${url.protocol}//${url.host}`).toBe('otpauth://totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Fernhill Supply Co.:owner@shop.example');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: RFC_SECRET,
      issuer: 'Fernhill Supply Co.',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
