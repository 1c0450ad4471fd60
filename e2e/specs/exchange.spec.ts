import { expect, test } from '@playwright/test';
import { freshOrder, loginWithOrder } from './support.js';

test('a shopper exchanges the Canvas Sneakers of #1001 from size 42 to 43, an even swap', async ({ page, request }) => {
  const { order_name } = await freshOrder(request, '1001');
  await loginWithOrder(page, order_name, 'alice@example.com');
  await page.getByRole('article', { name: order_name }).getByRole('link', { name: 'Create return' }).click();
  await page.getByRole('button', { name: 'Choose Canvas Sneakers / 42' }).click();
  await page.getByRole('dialog').getByRole('radio', { name: "Doesn't suit me" }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('radio', { name: /Exchange/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your exchange' })).toBeVisible();
  // The sold-out size says so; the server has the last word on stock.
  await expect(page.getByRole('option', { name: '44 — sold out' })).toBeAttached();
  await page.getByLabel('Size').selectOption('43');
  await expect(page.getByText(/^\d+ in stock$/)).toBeVisible();
  await page.getByRole('button', { name: 'Add to exchange' }).click();
  await expect(page.getByText('Remaining credit')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'How would you like to return item?' })).toBeVisible();
  await page.getByRole('radio', { name: /Ship on your own/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your return request' })).toBeVisible();
  await expect(page.getByText(/Canvas Sneakers \/ 43/)).toBeVisible();
  await page.getByRole('button', { name: 'Submit return request' }).click();

  await expect(page).toHaveURL(/\/status-manage\/return-details\/\d+$/);
  await expect(page.getByText('In process, pending merchant review')).toBeVisible();
  const exchange = page.getByRole('heading', { name: 'You receive instead' }).locator('..');
  await expect(exchange.getByText('Canvas Sneakers / 43')).toBeVisible();
  await expect(exchange.getByRole('row', { name: /Remaining credit/ })).toContainText('$0.00');
});
