import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { freshOrder, loginWithOrder } from './support.js';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoViolations(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(violations.map((v) => `${screen}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

test('every screen of the journey has no WCAG 2.2 AA violations', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Order number' })).toBeVisible();
  await expectNoViolations(page, 'login');
  await page.getByRole('tab', { name: 'Email code' }).click();
  await expectNoViolations(page, 'login (email code)');
  await page.getByRole('button', { name: 'Return policy' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolations(page, 'policy dialog');
  await page.keyboard.press('Escape');

  const { order_name } = await freshOrder(request, '1001');
  await loginWithOrder(page, order_name, 'alice@example.com');
  await page.getByRole('button', { name: 'View' }).click();
  await expect(page.getByText('Wool Beanie')).toBeVisible();
  await expectNoViolations(page, 'orders');

  await page.getByRole('link', { name: 'Create return' }).click();
  await expect(page.getByRole('heading', { name: 'What would you like to return?' })).toBeVisible();
  await expectNoViolations(page, 'select item');
  await page.getByRole('button', { name: 'Choose Linen Shirt / M' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolations(page, 'reason dialog');
  await page.getByRole('radio', { name: "Doesn't suit me" }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Please select a return solution' })).toBeVisible();
  await expectNoViolations(page, 'solution');
  await page.getByRole('radio', { name: /Refund to original/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'How would you like to return item?' })).toBeVisible();
  await expectNoViolations(page, 'method');
  await page.getByRole('radio', { name: /Ship on your own/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('total-refund')).toBeVisible();
  await expectNoViolations(page, 'check');
  await page.getByRole('button', { name: 'Submit return request' }).click();
  await expect(page.getByText('In process, pending merchant review')).toBeVisible();
  await expectNoViolations(page, 'status');

  const id = page.url().split('/').pop();
  await page.goto(`/process/${id}`);
  await expect(page.getByRole('heading', { name: 'Return already being processed' })).toBeVisible();
  await expectNoViolations(page, 'already processing');
  await page.goto(`/exchange-other-goods/${id}`);
  await expect(page.getByRole('heading', { name: 'Coming soon' })).toBeVisible();
  await expectNoViolations(page, 'coming soon');
});

test('the login and the return steps work from the keyboard alone', async ({ page, request }) => {
  const { order_name } = await freshOrder(request, '1001');
  await page.goto('/');
  await page.getByRole('tab', { name: 'Order number' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Email code' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Tab');
  await page.keyboard.type(order_name);
  await page.keyboard.press('Tab');
  await page.keyboard.type('alice@example.com');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();

  await page.getByRole('link', { name: 'Create return' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Choose Linen Shirt / M' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Focus stays inside the dialog.
  for (let i = 0; i < 15; i++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
