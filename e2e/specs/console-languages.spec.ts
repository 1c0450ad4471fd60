import { expect, test, type Page } from '@playwright/test';
import {
  consoleSignIn,
  expectNoAxeViolations,
  shoot,
  shopWithOwner,
  signedInShopperOf,
  submitShirtReturn,
} from './support.js';

/** The console as its member left it: `<html lang dir>` of the language, a heading in it, and axe has nothing to say. */
async function expectScreen(page: Page, language: { code: string; dir: string }, heading: RegExp, screen: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', language.code);
  await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
  await shoot(page, `console-${language.code}-${screen}`);
  await expectNoAxeViolations(page, `console in ${language.code}: ${screen}`);
}

/** The Account page's language select, labelled in the language the console speaks now. */
async function chooseLanguage(page: Page, accountLink: string, label: string, code: string) {
  await page.getByRole('navigation').getByRole('link', { name: accountLink }).click();
  await page.getByLabel(label).selectOption(code);
}

test('a staff member reads the console in German, then in Arabic from right to left', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A shop of the test's own: its owner's language is this test's alone.
  const owner = shopWithOwner();
  const shop = { shop: owner.shop, headers: { authorization: `Bearer ${owner.apiKey}` } };
  const requestId = await submitShirtReturn(request, await signedInShopperOf(page, request, shop));
  await consoleSignIn(page, owner);

  await chooseLanguage(page, 'Account', 'Console language', 'de');
  const german = { code: 'de', dir: 'ltr' };
  await expectScreen(page, german, /^Ihr Konto$/, 'account');
  await page.getByRole('navigation').getByRole('link', { name: 'Anfragen' }).click();
  await expect(page.getByRole('table', { name: 'Retourenanfragen, neueste zuerst' })).toBeVisible();
  // Money in the German way: decimal comma, the symbol after the amount (a phone's row names its column first).
  await expect(page.getByRole('cell', { name: /45,00\s\$$/ })).toBeVisible();
  await expectScreen(page, german, /^Anfragen$/, 'queue');
  await page.goto(`/admin/requests/${String(requestId)}`);
  await expect(page.getByRole('heading', { name: 'Verlauf' })).toBeVisible();
  await expectScreen(page, german, /^Bestellung #1001/, 'request');
  await page.goto('/admin/settings');
  await expectScreen(page, german, /^Einstellungen$/, 'settings');

  // The choice is kept on the account: a fresh page load comes back in German.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();

  await chooseLanguage(page, 'Konto', 'Sprache der Konsole', 'ar');
  const arabic = { code: 'ar', dir: 'rtl' };
  await expectScreen(page, arabic, /^حسابك$/, 'account');
  await page.getByRole('navigation').getByRole('link', { name: 'الطلبات' }).click();
  await expect(page.getByRole('table', { name: 'طلبات الإرجاع، الأحدث أولًا' })).toBeVisible();
  await expectScreen(page, arabic, /^الطلبات$/, 'queue');
  // Right to left: the table's order column sits to the right of its date column (a phone stacks the rows).
  if (test.info().project.name === 'desktop') {
    const header = page.getByRole('table').getByRole('row').first();
    const order = await header.getByRole('columnheader', { name: 'الطلب', exact: true }).boundingBox();
    const requested = await header.getByRole('columnheader', { name: 'تاريخ الطلب' }).boundingBox();
    expect((order?.x ?? 0) - (requested?.x ?? 0)).toBeGreaterThan(0);
  }
  await page.goto(`/admin/requests/${String(requestId)}`);
  await expect(page.getByRole('heading', { name: 'السجل الزمني' })).toBeVisible();
  await expectScreen(page, arabic, /^الطلب #1001/, 'request');
  await page.goto('/admin/settings');
  await expectScreen(page, arabic, /^الإعدادات$/, 'settings');
});
