import { expect, test } from '@playwright/test';
import { consoleSignIn, DEMO_SHOP, expectNoAxeViolations, shoot, shopWithOwner } from './support.js';

/** A day as the statement writes it in English (it dates by the UTC day). */
const englishDay = (date: Date) => new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(date);

test("the portal's footer leads to the shop's statement, generated from the server's facts, with no axe violations", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Order number' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
  await expect(page).toHaveURL(`/accessibility?shop=${DEMO_SHOP}`);

  const statement = page.getByRole('article', { name: 'Accessibility statement' });
  await expect(statement.getByText('This statement covers the returns portal of Fernhill Supply Co.')).toBeVisible();
  await expect(statement.getByText(/meet WCAG 2\.2 level AA, .* EN 301 549 V3\.2\.1 \(2021-03\)/)).toBeVisible();
  await expect(statement.getByTestId('statement-status')).toHaveText(/^Partially conformant/);
  await expect(statement.getByRole('listitem').filter({ hasText: 'checked with axe' })).toBeVisible();
  // The time limits are the server's own settings (SESSION_TTL_MINUTES, CODE_TTL_MINUTES), with their criterion.
  await expect(
    statement.getByText(
      'For security, a sign-in ends after 240 minutes and an email code expires after 10 minutes; they cannot be extended.',
      { exact: false },
    ),
  ).toContainText('(WCAG 2.2.1)');
  await expect(statement.getByRole('link', { name: 'support@demo-shop.example' })).toHaveAttribute(
    'href',
    'mailto:support@demo-shop.example',
  );
  await expect(statement.getByText('the authority that enforces the European Accessibility Act')).toBeVisible();
  await expect(statement.getByText('Last reviewed: November 27, 2026.')).toBeVisible();
  await expectNoAxeViolations(page, 'accessibility statement');
  await shoot(page, 'accessibility-statement');

  await statement.getByRole('link', { name: 'Back to returns' }).click();
  await expect(page.getByRole('button', { name: 'Start Your Return' })).toBeVisible();
});

test('the statement reads right to left in Arabic, with no axe violations', async ({ page }) => {
  await page.goto(`/accessibility?shop=${DEMO_SHOP}`);
  await expect(page.getByRole('heading', { name: 'Accessibility statement', level: 1 })).toBeVisible();
  await page.getByLabel('Language').selectOption('ar');
  await expect(page.getByRole('heading', { name: 'بيان إمكانية الوصول', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByTestId('statement-status')).toHaveText(/^مطابقة جزئيًا/);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'إمكانية الوصول' })).toBeVisible();
  await expectNoAxeViolations(page, 'accessibility statement (ar)');
  await shoot(page, 'accessibility-statement-ar');
});

test("the merchant's additions made in the console appear on their shop's statement", async ({ page }) => {
  const owner = shopWithOwner();
  await consoleSignIn(page, owner);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Accessibility statement' });
  await section.getByRole('textbox', { name: 'Feedback email' }).fill('access@example.org');
  await section.getByRole('textbox', { name: 'Enforcement body' }).fill('Agence nationale, 1 rue de la Paix, Paris');
  await section.getByRole('textbox', { name: /^Your own text/ }).fill('We answer every message within two days.');
  await expectNoAxeViolations(page, 'console settings (statement)');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Saved. Shoppers see these settings now.')).toBeVisible();

  await page.goto(`/accessibility?shop=${owner.shop}`);
  const statement = page.getByRole('article', { name: 'Accessibility statement' });
  await expect(statement.getByRole('link', { name: 'access@example.org' })).toHaveAttribute(
    'href',
    'mailto:access@example.org',
  );
  await expect(statement.getByText('Agence nationale, 1 rue de la Paix, Paris')).toBeVisible();
  await expect(statement.getByText('We answer every message within two days.')).toBeVisible();
  // Saving the statement's part dates it.
  await expect(statement.getByText(`Last reviewed: ${englishDay(new Date())}.`)).toBeVisible();
  await expectNoAxeViolations(page, 'accessibility statement (merchant)');
});
