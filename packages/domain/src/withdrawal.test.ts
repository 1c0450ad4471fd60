import { describe, expect, it } from 'vitest';
import { withdrawalOn, withdrawalRefundBy, withinWithdrawalPeriod } from './withdrawal.js';

const DAY = 86_400;

describe('withdrawal function', () => {
  it('follows the shop when the merchant left it: on for euros or an EU/EEA return address', () => {
    const auto = { enabled: null, period_days: 14 };
    expect(withdrawalOn(auto, { currency: 'EUR', countryCode: 'US' })).toBe(true);
    expect(withdrawalOn(auto, { currency: 'SEK', countryCode: 'SE' })).toBe(true);
    expect(withdrawalOn(auto, { currency: 'NOK', countryCode: 'NO' })).toBe(true);
    expect(withdrawalOn(auto, { currency: 'USD', countryCode: 'US' })).toBe(false);
    expect(withdrawalOn({ ...auto, enabled: false }, { currency: 'EUR', countryCode: 'DE' })).toBe(false);
    expect(withdrawalOn({ ...auto, enabled: true }, { currency: 'USD', countryCode: 'US' })).toBe(true);
  });

  it('counts the period from delivery, and keeps it open when the delivery date is unknown', () => {
    const delivered = 1_000 * DAY;
    expect(withinWithdrawalPeriod({ deliveredAt: delivered }, 14, delivered + 14 * DAY)).toEqual({
      within: true,
      ends: delivered + 14 * DAY,
    });
    expect(withinWithdrawalPeriod({ deliveredAt: delivered }, 14, delivered + 14 * DAY + 1).within).toBe(false);
    expect(withinWithdrawalPeriod({ deliveredAt: delivered }, 30, delivered + 20 * DAY).within).toBe(true);
    expect(withinWithdrawalPeriod({ deliveredAt: null }, 14, delivered + 400 * DAY)).toEqual({
      within: true,
      ends: null,
    });
  });

  it('sets the refund deadline 14 days after the declaration', () => {
    expect(withdrawalRefundBy(100)).toBe(100 + 14 * DAY);
  });
});
