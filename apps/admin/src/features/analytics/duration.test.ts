import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import analytics from '../../locales/en/analytics.json';
import { durationWords } from './duration';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: { analytics } } } });
});

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

describe('a median time in words', () => {
  it('says its two largest units, rounded down', () => {
    expect(durationWords(i18n.t, 2 * DAY + 3 * HOUR + 59 * MINUTE)).toBe('2 days 3 hours');
    expect(durationWords(i18n.t, 5 * HOUR + 12 * MINUTE + 30)).toBe('5 hours 12 minutes');
    expect(durationWords(i18n.t, 1 * DAY + 1 * HOUR)).toBe('1 day 1 hour');
  });

  it('leaves a zero unit out', () => {
    expect(durationWords(i18n.t, 3 * DAY + 20 * MINUTE)).toBe('3 days');
    expect(durationWords(i18n.t, 2 * HOUR)).toBe('2 hours');
    expect(durationWords(i18n.t, 45 * MINUTE)).toBe('45 minutes');
  });

  it('says under a minute for less', () => {
    expect(durationWords(i18n.t, 0)).toBe('Under a minute');
    expect(durationWords(i18n.t, 59)).toBe('Under a minute');
  });
});
