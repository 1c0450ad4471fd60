import { expect, test } from '@playwright/test';
import {
  expectNoAxeViolations,
  freshOrder,
  prefillReturnForm,
  shoot,
  signedInShopper,
  submitShirtReturn,
} from './support.js';

// One test per screen or small group of screens, each starting where it needs to be, so none runs long.

test('the login page, both tabs and the policy dialog have no WCAG 2.2 AA violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Order number' })).toBeVisible();
  await expectNoAxeViolations(page, 'login');
  await page.getByRole('tab', { name: 'Email code' }).click();
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
  await expectNoAxeViolations(page, 'login (email code)');
  await page.getByRole('button', { name: 'Return policy' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, 'policy dialog');
});

test('the orders page has no WCAG 2.2 AA violations', async ({ page, request }) => {
  await signedInShopper(page, request);
  await page.goto('/');
  await page.getByRole('button', { name: 'View' }).click();
  await expect(page.getByText('Wool Beanie')).toBeVisible();
  await expectNoAxeViolations(page, 'orders');
});

test('step 1 and the reason dialog have no WCAG 2.2 AA violations', async ({ page, request }) => {
  const shopper = await signedInShopper(page, request);
  await page.goto(`/process-manage/select/${shopper.orderId}`);
  await expect(page.getByRole('heading', { name: 'What would you like to return?' })).toBeVisible();
  await expectNoAxeViolations(page, 'select item');
  await page.getByRole('checkbox', { name: 'Linen Shirt / M' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, 'reason dialog');
});

test('step 2, the solution, has no WCAG 2.2 AA violations', async ({ page, request }) => {
  const shopper = await signedInShopper(page, request);
  await prefillReturnForm(page, shopper, { solution_id: 1, shipping_method_id: null });
  await page.goto(`/process-manage/solution/${shopper.orderId}`);
  await expect(page.getByRole('radio', { name: /Refund to original/ })).toBeChecked();
  await expectNoAxeViolations(page, 'solution');
});

test('step 3, the method, has no WCAG 2.2 AA violations', async ({ page, request }) => {
  const shopper = await signedInShopper(page, request);
  await prefillReturnForm(page, shopper, { solution_id: 1, shipping_method_id: 2 });
  await page.goto(`/process-manage/method/${shopper.orderId}`);
  await expect(page.getByRole('radio', { name: /Ship on your own/ })).toBeChecked();
  await expectNoAxeViolations(page, 'method');
});

test('step 4, the check, has no WCAG 2.2 AA violations', async ({ page, request }) => {
  const shopper = await signedInShopper(page, request);
  await prefillReturnForm(page, shopper, { solution_id: 1, shipping_method_id: 2 });
  await page.goto(`/process-manage/refund-check/${shopper.orderId}`);
  await expect(page.getByTestId('total-refund')).toHaveText('$47.63');
  await expectNoAxeViolations(page, 'check');
});

test('the status page has no WCAG 2.2 AA violations', async ({ page, request }) => {
  const shopper = await signedInShopper(page, request);
  const id = await submitShirtReturn(request, shopper);
  await page.goto(`/status-manage/return-details/${id}`);
  await expect(page.getByText('In process, pending merchant review')).toBeVisible();
  await expectNoAxeViolations(page, 'status');
});

test('the exchange catalogue and its quick view have no WCAG 2.2 AA violations', async ({ page, request }) => {
  const shopper = await signedInShopper(page, request);
  await prefillReturnForm(page, shopper, { solution_id: 5, shipping_method_id: null });
  await page.goto(`/exchange-other-goods/${shopper.orderId}`);
  await expect(page.getByText(/^Products shown: \d+$/)).toBeVisible();
  await expectNoAxeViolations(page, 'catalogue');
  await page.getByRole('button', { name: 'Quick view: Linen Shirt' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Linen Shirt' }).getByText(/^\d+ in stock$/)).toBeVisible();
  await expectNoAxeViolations(page, 'quick view');
});

test('the already-processing page has no WCAG 2.2 AA violations', async ({ page, request }) => {
  const shopper = await signedInShopper(page, request);
  const id = await submitShirtReturn(request, shopper);
  await page.goto(`/process/${id}`);
  await expect(page.getByRole('heading', { name: 'Return already being processed' })).toBeVisible();
  await expectNoAxeViolations(page, 'already processing');
  await shoot(page, 'processing');
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
  // The item card is a checkbox: Space checks it, which asks why in the reason dialog.
  await page.getByRole('checkbox', { name: 'Linen Shirt / M' }).focus();
  await page.keyboard.press('Space');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Focus stays inside the dialog.
  for (let i = 0; i < 15; i++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
