import { describe, expect, it } from 'vitest';
import { presetDays, rangeFromParams, resolveRange } from './analytics-range';

// 2026-03-10 15:00 UTC
const now = Date.UTC(2026, 2, 10, 15) / 1000;
const day = (text: string) => Date.parse(`${text}T00:00:00Z`) / 1000;

describe('the analytics range', () => {
  it('covers the last n UTC days, today included', () => {
    expect(presetDays('7', now)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(presetDays('365', now)).toEqual({ from: '2025-03-11', to: '2026-03-10' });
  });

  it('asks the server from the first day’s first second to the last day’s last second', () => {
    expect(resolveRange('2026-03-04', '2026-03-10')).toEqual({
      ok: true,
      from: day('2026-03-04'),
      to: day('2026-03-11') - 1,
    });
  });

  it('is the last 30 days when the address names none, or an unknown one', () => {
    for (const query of ['', 'range=12'])
      expect(rangeFromParams(new URLSearchParams(query), now)).toMatchObject({
        choice: '30',
        from: '2026-02-09',
        to: '2026-03-10',
      });
  });

  it('takes custom dates from the address', () => {
    const range = rangeFromParams(new URLSearchParams('range=custom&from=2026-01-01&to=2026-01-31'), now);
    expect(range).toMatchObject({ choice: 'custom', from: '2026-01-01', to: '2026-01-31', resolved: { ok: true } });
  });

  it('refuses dates that are missing, not real, reversed, or more than 400 days apart', () => {
    expect(resolveRange('', '2026-01-31')).toEqual({ ok: false, error: 'invalid' });
    expect(resolveRange('2026-02-31', '2026-03-05')).toEqual({ ok: false, error: 'invalid' });
    expect(resolveRange('2026-02-01', '2026-01-31')).toEqual({ ok: false, error: 'order' });
    expect(resolveRange('2025-01-01', '2026-02-04')).toEqual({
      ok: true,
      from: day('2025-01-01'),
      to: day('2026-02-05') - 1,
    });
    expect(resolveRange('2025-01-01', '2026-02-05')).toEqual({ ok: false, error: 'tooLong' });
  });
});
