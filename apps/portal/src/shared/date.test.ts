import { describe, expect, it } from 'vitest';
import { formatTimestamp, loadDateLocale } from './date';

// 2026-11-05 14:07:09 in the test's time zone.
const at = Math.floor(new Date(2026, 10, 5, 14, 7, 9).getTime() / 1000);

describe('formatTimestamp', () => {
  it('writes every date format index of the spec', () => {
    const dates = [0, 1, 2, 3, 4, 5, 7, 8, 9].map((dateFormat) =>
      formatTimestamp(at, 'en', { dateFormat, hideTime: true }),
    );
    expect(dates).toEqual([
      'Nov 05, 2026',
      'Nov 05',
      'Nov 5th 2026',
      '11/05/2026',
      '05/11/2026',
      '05.11.2026',
      '05 Nov 2026',
      '05-Nov-2026',
      '5 November 2026',
    ]);
  });

  it('writes the three time formats and hides what is asked', () => {
    expect(formatTimestamp(at, 'en', { timeFormat: 0 })).toBe('Nov 05, 2026 02:07:09 PM');
    expect(formatTimestamp(at, 'en', { timeFormat: 1 })).toBe('Nov 05, 2026 14:07');
    expect(formatTimestamp(at, 'en', { timeFormat: 2 })).toBe('Nov 05, 2026 at 2:07 PM');
    expect(formatTimestamp(at, 'en', { timeFormat: 0, hideSeconds: true, hideYear: true })).toBe('Nov 05 02:07 PM');
  });

  it('uses the shopper’s language for month names', async () => {
    await loadDateLocale('fr');
    await loadDateLocale('de');
    expect(formatTimestamp(at, 'fr', { dateFormat: 9, hideTime: true })).toBe('5 novembre 2026');
    expect(formatTimestamp(at, 'de', { dateFormat: 9, hideTime: true })).toBe('5 November 2026');
    expect(formatTimestamp(at, 'fr', { dateFormat: 2, timeFormat: 2, at: 'à' })).toMatch(/^nov\. 5 2026 à 2:07 PM$/);
  });
});
