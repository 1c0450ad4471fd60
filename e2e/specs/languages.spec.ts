import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

const LOCALES_DIR = new URL('../../apps/portal/src/locales/', import.meta.url);
const RTL = ['ar', 'he'];

test('the login page works in every one of the 33 languages', async ({ page }) => {
  await page.goto('/');
  const select = page.locator('select').first();
  const codes = await select
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(codes).toHaveLength(33);
  for (const code of codes) {
    const strings = JSON.parse(readFileSync(new URL(`${code}.json`, LOCALES_DIR), 'utf8'));
    await select.selectOption(code);
    await expect(page.getByRole('button', { name: strings.login.confirm, exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: strings.login.tabEmail })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', RTL.includes(code) ? 'rtl' : 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', code);
  }
});
