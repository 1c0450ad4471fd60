import { readFileSync } from 'node:fs';
import { LOCALES } from '@return-center/contract';
import { createInstance, type i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The login footer and the default return policy state the shop's own return window (getConfig's
 * return_window_days), in the plural form each language needs, never a fixed 30 days.
 */
type Tree = { [key: string]: string | Tree };
const load = (code: string) => JSON.parse(readFileSync(new URL(`./${code}.json`, import.meta.url), 'utf8')) as Tree;
const KEYS = ['login.footer', 'login.policyDefault'] as const;

let i18n: I18n;
beforeAll(async () => {
  i18n = createInstance();
  // The same options the portal uses (shared/i18n.ts).
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: Object.fromEntries(LOCALES.map((code) => [code, { translation: load(code) }])),
    lowerCaseLng: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
});

const render = (code: string, key: string, count: number) => i18n.getFixedT(code)(key, { count });

describe('the return window in the login footer and the default policy', () => {
  it('speaks of the given number of days in English, singular for one', () => {
    expect(render('en', 'login.footer', 14)).toBe(
      'You have a maximum of 14 days from the date of your purchase to make a return.',
    );
    expect(render('en', 'login.footer', 1)).toBe(
      'You have a maximum of 1 day from the date of your purchase to make a return.',
    );
    const policy = render('en', 'login.policyDefault', 14);
    expect(policy).toMatch(/^How long do I have\? You can start a return within 14 days of your purchase\.\n\n/);
    expect(policy).toContain('within 10 business days');
    expect(render('en', 'login.policyDefault', 1)).toContain('within 1 day of your purchase.');
  });

  it('declines the Russian noun after the number (не более / в течение + genitive)', () => {
    expect(render('ru', 'login.footer', 21)).toBe('На возврат у вас есть не более 21 дня с даты покупки.');
    expect(render('ru', 'login.footer', 22)).toBe('На возврат у вас есть не более 22 дней с даты покупки.');
    expect(render('ru', 'login.footer', 25)).toBe('На возврат у вас есть не более 25 дней с даты покупки.');
    expect(render('ru', 'login.policyDefault', 21)).toContain('в течение 21 дня после покупки');
    expect(render('ru', 'login.policyDefault', 24)).toContain('в течение 24 дней после покупки');
  });

  it('uses the nominative forms where the sentence calls for them (Polish, Ukrainian)', () => {
    expect(render('pl', 'login.footer', 1)).toContain('maksymalnie 1 dzień');
    expect(render('pl', 'login.footer', 3)).toContain('maksymalnie 3 dni');
    expect(render('pl', 'login.policyDefault', 1)).toContain('w ciągu 1 dnia');
    expect(render('uk', 'login.footer', 21)).toContain('щонайбільше 21 день');
    expect(render('uk', 'login.footer', 22)).toContain('щонайбільше 22 дні');
    expect(render('uk', 'login.footer', 25)).toContain('щонайбільше 25 днів');
  });

  it('has the Arabic, Hebrew and Slovenian dual and Arabic small-number forms', () => {
    expect(render('ar', 'login.footer', 2)).toContain('يومان');
    expect(render('ar', 'login.footer', 5)).toContain('5 أيام');
    expect(render('ar', 'login.footer', 14)).toContain('14 يومًا');
    expect(render('he', 'login.footer', 2)).toContain('יומיים');
    expect(render('sl', 'login.footer', 2)).toContain('2 dneva');
  });

  it.each(LOCALES)('%s: no fixed "30", the count shown, placeholders filled, 10 business days kept', (code) => {
    const login = load(code).login as Tree;
    expect(Object.keys(login).filter((key) => key === 'footer' || key === 'policyDefault')).toEqual([]);
    for (const [key, text] of Object.entries(login))
      if (/^(footer|policyDefault)_/.test(key)) expect(text, `${code}: ${key}`).not.toContain('30');
    for (const key of KEYS) {
      for (const count of [0, 1, 2, 3, 5, 11, 14, 21, 22, 100]) {
        const text = render(code, key, count);
        expect(text, `${code}: ${key} ${count}`).not.toMatch(/\{\{|\}\}|login\./);
        expect(text, `${code}: ${key} ${count}`).not.toContain('30');
      }
      expect(render(code, key, 14), `${code}: ${key}`).toContain('14');
      expect(render(code, key, 45), `${code}: ${key}`).toContain('45');
    }
    expect(render(code, 'login.policyDefault', 14)).toContain('10');
  });
});
