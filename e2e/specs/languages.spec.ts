import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

const LOCALES_DIR = new URL('../../apps/portal/src/locales/', import.meta.url);
const LOCALES = readdirSync(LOCALES_DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));
const RTL = ['ar', 'he'];
const GROUP = 7;

/** The part of a portal locale file these tests read. */
interface LocaleStrings {
  login: { confirm: string; tabEmail: string };
}

test('the language selector offers all 33 languages', async ({ page }) => {
  await page.goto('/');
  const codes = await page
    .getByLabel('Language')
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(codes.toSorted()).toEqual(LOCALES.toSorted());
  expect(codes).toHaveLength(33);
});

// A few languages per test, so that no test runs long on a busy machine.
for (let start = 0; start < LOCALES.length; start += GROUP) {
  const codes = LOCALES.slice(start, start + GROUP);
  test(`the login page works in ${codes.join(', ')}`, async ({ page }) => {
    await page.goto('/');
    for (const code of codes) {
      const strings = JSON.parse(readFileSync(new URL(`${code}.json`, LOCALES_DIR), 'utf8')) as LocaleStrings;
      // The selector's own label changes with the language.
      await page.locator('.rc-language select').selectOption(code);
      await expect(page.getByRole('button', { name: strings.login.confirm, exact: true })).toBeVisible();
      await expect(page.getByRole('tab', { name: strings.login.tabEmail })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', RTL.includes(code) ? 'rtl' : 'ltr');
      await expect(page.locator('html')).toHaveAttribute('lang', code);
    }
  });
}

test('a language asked for by another of its names opens the portal in it: no is Norwegian (nb)', async ({ page }) => {
  const norwegian = JSON.parse(readFileSync(new URL('nb.json', LOCALES_DIR), 'utf8')) as LocaleStrings;
  const chinese = JSON.parse(readFileSync(new URL('zh-hant.json', LOCALES_DIR), 'utf8')) as LocaleStrings;
  for (const [tag, locale, strings] of [
    ['no', 'nb', norwegian],
    ['zh-TW', 'zh-hant', chinese],
  ] as const) {
    await page.addInitScript((stored) => window.sessionStorage.setItem('return-language', stored), tag);
    await page.goto('/');
    await expect(page.getByRole('button', { name: strings.login.confirm, exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('.rc-language select')).toHaveValue(locale);
  }
});
