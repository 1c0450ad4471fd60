import { shopSettings } from '@return-center/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, withEnglishOf } from '../../shared/i18n';
import { errorsFor, issueLabel, validate } from './issues';

const names = (code: string) => ({ fr: 'Français' })[code] ?? code;

describe('settings issues', () => {
  // The settings' English strings load with their page, as in the console.
  beforeAll(() => withEnglishOf(['settings'], Promise.resolve()));

  it('finds nothing wrong with the defaults', () => {
    expect(validate(shopSettings.parse({}), i18n)).toEqual([]);
  });

  it('puts each contract issue at its field, in the merchant’s words', () => {
    const draft = shopSettings.parse({});
    draft.embed_origins = ['https://shop.example', 'shop.example'];
    draft.return_setting = { ...draft.return_setting, return_window_days: Number.NaN, restocking_fee_percent: 120 };
    draft.return_setting.credit_bonus = { type: 'percent', value: 150, max: 0 };
    draft.text_translations = { fr: { confirm_button_name: 'x'.repeat(101) } };
    const issues = validate(draft, i18n);
    const errorOf = errorsFor(issues);
    expect(errorOf('embed_origins')).toBe('shop.example: an origin like https://shop.example');
    expect(errorOf('return_setting.return_window_days')).toBe('Enter a number, like 12 or 4.95');
    expect(errorOf('return_setting.restocking_fee_percent')).toBe('Enter 100 or less');
    expect(errorOf('return_setting.credit_bonus')).toBe('a percentage is at most 100');
    expect(errorOf('text_translations.fr.confirm_button_name')).toBe('Use at most 100 characters');
    // A field does not take the issues of the fields inside the same object.
    expect(errorOf('return_setting')).toBeUndefined();
  });

  it('bounds the return window to 1 to 30 days (spec §9)', () => {
    const windowOf = (days: number) => {
      const draft = shopSettings.parse({});
      draft.return_setting = { ...draft.return_setting, return_window_days: days };
      return errorsFor(validate(draft, i18n))('return_setting.return_window_days');
    };
    expect(windowOf(60)).toBe('Enter 30 or less');
    expect(windowOf(-5)).toBe('Enter 1 or more');
    expect(windowOf(0)).toBe('Enter 1 or more');
    expect(windowOf(1)).toBeUndefined();
    expect(windowOf(30)).toBeUndefined();
  });

  it('names a field in the summary by its label, a list entry by its place, a translation by its language', () => {
    expect(issueLabel('style.return_page_primary_color', i18n, names)).toBe('Primary colour');
    expect(issueLabel('embed_origins.1', i18n, names)).toBe('Sites that may embed the portal');
    expect(issueLabel('reasons.2.text', i18n, names)).toBe('Reason 3 · Reason');
    expect(issueLabel('reasons.0.translations.fr', i18n, names)).toBe('Reason 1 · Français');
    expect(issueLabel('text_translations.fr.confirm_button_name', i18n, names)).toBe(
      'Button (email code tab) · Français',
    );
    expect(issueLabel('return_setting.credit_bonus', i18n, names)).toBe('Store-credit bonus');
  });
});
