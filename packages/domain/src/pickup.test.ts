import { messages, type PickupAddress } from '@return-center/contract';
import { newYorkPickupAddress } from '@return-center/contract/sample-return';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampPickupDate,
  isBookablePickupDate,
  isWeekendDate,
  maskPhone,
  pickupAddressErrors,
  pickupDays,
  pickupWindow,
  pickupWindowIn,
  todayIn,
} from './pickup.js';

const valid = newYorkPickupAddress;
const errorsWith = (change: Partial<PickupAddress>) => pickupAddressErrors({ ...valid, ...change });

describe('pickup address rules', () => {
  it('accepts a complete address', () => {
    expect(pickupAddressErrors(valid)).toEqual({});
  });

  it('asks for every field, apartment included', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, ' '])) as PickupAddress;
    expect(pickupAddressErrors(empty)).toEqual(Object.fromEntries(Object.keys(valid).map((k) => [k, 'Required'])));
  });

  it('takes a ZIP of five digits with an optional dash and four more, and nothing else', () => {
    for (const zip of ['10118', '10118-1234']) expect(errorsWith({ zip })).toEqual({});
    for (const zip of ['1011', '101189', '10118-12', '10118 1234', 'ABCDE', '10118-12345'])
      expect(errorsWith({ zip }).zip).toBe(messages.zipFormat);
    expect(messages.zipFormat).toBe('Origin zipcode format must be zzzzz[pppp]');
  });

  it('takes a phone of ten digits as ddd-ddd-dddd, masked as the shopper types', () => {
    expect(maskPhone('2125550101')).toBe('212-555-0101');
    expect(maskPhone('(212) 555-01')).toBe('212-555-01');
    expect(maskPhone('212')).toBe('212');
    expect(maskPhone('2125550101999')).toBe('212-555-0101');
    expect(maskPhone('abc')).toBe('');
    for (const phone of ['212-555-010', '2125550101', '+1 212-555-0101'])
      expect(errorsWith({ phone }).phone).toBe('Phone number must be 10 digits');
  });

  it('takes an email address of at most 100 characters', () => {
    expect(errorsWith({ email: 'alice@' }).email).toBe('Invalid email format');
    expect(errorsWith({ email: `${'a'.repeat(89)}@example.com` }).email).toBe('Invalid email format');
    expect(errorsWith({ email: `${'a'.repeat(88)}@example.com` })).toEqual({});
  });

  it('takes apartment and city of at most 200 characters', () => {
    expect(errorsWith({ apartment: 'a'.repeat(200), city: 'c'.repeat(200) })).toEqual({});
    expect(errorsWith({ apartment: 'a'.repeat(201), city: 'c'.repeat(201) })).toEqual({
      apartment: 'Invalid',
      city: 'Invalid',
    });
  });
});

describe('pickup dates', () => {
  it('opens on the next weekday and closes 30 days out', () => {
    expect(pickupWindow('2026-11-24')).toEqual({ first: '2026-11-25', last: '2026-12-24' }); // a Tuesday
    expect(pickupWindow('2026-11-27')).toEqual({ first: '2026-11-30', last: '2026-12-27' }); // a Friday
    expect(pickupWindow('2026-11-28').first).toBe('2026-11-30'); // a Saturday
  });

  it('clamps a typed date into the window and back to a weekday, and refuses what is not a date', () => {
    const tuesday = pickupWindow('2026-11-24');
    expect(clampPickupDate('2026-11-20', tuesday)).toBe('2026-11-25');
    expect(clampPickupDate('2027-03-01', tuesday)).toBe('2026-12-24');
    expect(clampPickupDate('2026-12-27', pickupWindow('2026-11-27'))).toBe('2026-12-25'); // Sunday, the last day
    expect(clampPickupDate('2026-11-29', tuesday)).toBe('2026-11-27');
    for (const text of ['2026-02-30', '26-11-30', '2026/11/30', '']) expect(clampPickupDate(text, tuesday)).toBe(null);
  });

  it('lists the days of the window with the weekends marked', () => {
    const days = pickupDays(pickupWindow('2026-11-24'));
    expect(days[0]).toEqual({ date: '2026-11-25', weekend: false });
    expect(days.at(-1)).toEqual({ date: '2026-12-24', weekend: false });
    expect(days.filter((d) => d.weekend).map((d) => d.date)).toContain('2026-11-28');
  });

  it('reads today where the shopper is', () => {
    const instant = Date.UTC(2026, 11, 31, 23, 30); // New Year's Eve 23:30 UTC
    expect(todayIn('Europe/Berlin', instant)).toBe('2027-01-01');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-12-31');
  });

  const zones = ['America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu', 'Europe/London', 'Australia/Sydney'];
  it('always clamps to a bookable weekday, whatever the instant, zone and typed date (year ends and DST included)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2024-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        fc.integer({ min: -400, max: 400 }),
        (now, zone, offset) => {
          const today = todayIn(zone, now.getTime());
          const typed = new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
          const window = pickupWindowIn(zone, now.getTime());
          const clamped = clampPickupDate(typed, window) as string;
          const { first, last } = window;
          expect(clamped >= first && clamped <= last).toBe(true);
          expect(isWeekendDate(clamped)).toBe(false);
          expect(clampPickupDate(clamped, window)).toBe(clamped);
          expect(isBookablePickupDate(typed, window)).toBe(typed === clamped);
          if (typed >= first && typed <= last && !isWeekendDate(typed)) expect(clamped).toBe(typed);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
