import { US_TIME_ZONES } from '@return-center/domain';
import { describe, expect, it } from 'vitest';
import { pickupDateLabel, zoneLabel } from './format';

const intl = (options: Intl.DateTimeFormatOptions, at: Date) => new Intl.DateTimeFormat('en', options).format(at);

describe('pickup labels in English, written without Intl', () => {
  it('names every weekday and month as Intl does', () => {
    // A day of each month of 2026 and 2027 (the 1st to the 24th): every month, and every weekday among them.
    const dates = Array.from({ length: 24 }, (_, i) => new Date(Date.UTC(2026 + Math.floor(i / 12), i % 12, 1 + i)));
    for (const at of dates) {
      const date = at.toISOString().slice(0, 10);
      const weekday = intl({ weekday: 'long', timeZone: 'UTC' }, at);
      const month = intl({ month: 'long', timeZone: 'UTC' }, at);
      expect(pickupDateLabel(date, 'en')).toMatch(new RegExp(`^${weekday}, ${month} \\d+(st|nd|rd|th), \\d{4}$`));
    }
    expect(pickupDateLabel('2026-11-23', 'en')).toBe('Monday, November 23rd, 2026');
  });

  it('names every zone a US pickup can be in as Intl does', () => {
    for (const zone of US_TIME_ZONES) {
      const name = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longGeneric' })
        .formatToParts(new Date())
        .find((part) => part.type === 'timeZoneName')?.value;
      expect(zoneLabel(zone, 'en'), zone).toBe(
        `${String(name)} (${(zone.split('/').at(-1) ?? '').replace(/_/g, ' ')})`,
      );
    }
  });

  it('asks Intl in other languages', () => {
    expect(pickupDateLabel('2026-11-23', 'de')).toBe('Montag, 23. November 2026');
    expect(zoneLabel('America/New_York', 'de')).toBe('Nordamerikanische Ostküstenzeit (New York)');
    // Our language codes are lower case; Intl reads a tag in any case ('zh-hant' is zh-Hant, not simplified zh).
    expect(zoneLabel('America/New_York', 'zh-hant')).toBe('東部時間 (New York)');
  });
});
