import { expect, test } from '@playwright/test';
import { loginWithOrder, mailedCode, shoot, shopWithSettings } from './support.js';

test('a shopper signs in with order number and email and sees #1001 with its final-sale beanie', async ({ page }) => {
  await loginWithOrder(page, '#1001', 'alice@example.com');
  const order = page.getByRole('article', { name: /#1001/ });
  await expect(order).toContainText('4 items');
  await order.getByRole('button', { name: 'View' }).click();
  await expect(order.getByText('Wool Beanie')).toBeVisible();
  await expect(order.getByText('This item is not eligible for return')).toBeVisible();
  await expect(order.getByRole('link', { name: 'Create return' })).toBeVisible();
  await shoot(page, 'orders');
});

test('a shopper signs in with an emailed code and sees both of their orders', async ({ page, request }) => {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Email code' }).click();
  await page.getByLabel('Email address').fill('alice@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Verification code sent')).toBeVisible();
  const code = await mailedCode(request, 'alice@example.com');
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Start Your Return' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  // Other tests add fresh copies of these orders (#10014…) to the same shopper: the demo's own are named exactly.
  await expect(page.getByRole('article', { name: '#1001', exact: true })).toBeVisible();
  const old = page.getByRole('article', { name: '#1002', exact: true });
  await old.getByRole('button', { name: 'View' }).click();
  await expect(old.getByText('Missed the return window').first()).toBeVisible();
});

test('wrong details show the spec message and keep what was typed', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Order number' }).click();
  await page.getByRole('textbox', { name: 'Order number' }).fill('#1001');
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('button', { name: 'Start Your Return' }).click();
  await expect(page.getByText('Please enter a valid order number and email address')).toBeVisible();
  await page.getByLabel('Email address').fill('mallory@example.com');
  await page.getByRole('button', { name: 'Start Your Return' }).click();
  await expect(page.getByText('Please enter a valid order number and email address').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Order number' })).toHaveValue('#1001');
});

test("the policy popup and the footer with the demo shop's 30-day window are on the login page", async ({ page }) => {
  await page.goto('/');
  await expect(
    page.getByText('You have a maximum of 30 days from the date of your purchase to make a return.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Return policy' }).click();
  await expect(page.getByRole('dialog', { name: 'Returns and Exchanges Policy FAQ' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test("the footer and the default policy state the shop's own return window", async ({ page, request }) => {
  // A shop whose merchant set a 14-day window instead of the usual 30.
  const { shop } = await shopWithSettings(request, (settings) => {
    settings.return_setting.return_window_days = 14;
    settings.text.return_policy_link = { type: 'default', value: '', content: '' };
  });
  await page.goto(`/?shop=${shop}`);
  await expect(
    page.getByText('You have a maximum of 14 days from the date of your purchase to make a return.'),
  ).toBeVisible();
  await expect(page.getByText(/30 days/)).toBeHidden();
  await page.getByRole('button', { name: 'Return policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Returns and Exchanges Policy FAQ' });
  await expect(dialog).toContainText('You can start a return within 14 days of your purchase.');
  await expect(dialog).toContainText('within 10 business days');
  await expect(dialog).not.toContainText('30 days');
});
