import { describe, expect, it } from 'vitest';
import { LOCALES, supportedLocale } from './constants.js';

describe('the locale a language tag names', () => {
  it('reads Norwegian as nb, and the other common names of the supported locales', () => {
    const expected: Record<string, string> = {
      no: 'nb',
      'no-NO': 'nb',
      nn: 'nb',
      'nb-NO': 'nb',
      NB: 'nb',
      iw: 'he',
      'iw-IL': 'he',
      in: 'id',
      'zh-TW': 'zh-hant',
      'zh-HK': 'zh-hant',
      'zh-Hant': 'zh-hant',
      'zh-Hant-TW': 'zh-hant',
      zh_TW: 'zh-hant',
      'zh-CN': 'zh',
      'zh-Hans-CN': 'zh',
      'pt-BR': 'pt',
      pt_PT: 'pt',
      'en-US': 'en',
      'fr-CA': 'fr',
      'es-419': 'es',
    };
    for (const [tag, locale] of Object.entries(expected)) expect([tag, supportedLocale(tag)]).toEqual([tag, locale]);
  });

  it('keeps every supported locale as it is and names none for other languages', () => {
    for (const locale of LOCALES) expect(supportedLocale(locale)).toBe(locale);
    for (const tag of ['xx', 'hu', 'sr-Latn', '', '-', 'toString', '__proto__', 'constructor'])
      expect([tag, supportedLocale(tag)]).toEqual([tag, null]);
  });
});
