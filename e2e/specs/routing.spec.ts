import { expect, test } from '@playwright/test';
import { loginWithOrder } from './support.js';

test('a signed-out visitor on a deep link is sent to the login page', async ({ page }) => {
  await page.goto('/status-manage/return-details/12');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('tab', { name: 'Order number' })).toBeVisible();
});

test('an unknown path, even under process-manage, redirects to the root', async ({ page }) => {
  await loginWithOrder(page, '#1001', 'alice@example.com');
  await page.goto('/process-manage/nonsense/1');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
});

test('log out returns to the login page and the old session is gone', async ({ page }) => {
  await loginWithOrder(page, '#1001', 'alice@example.com');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('tab', { name: 'Order number' })).toBeVisible();
  await page.goto('/process-manage/select/1');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeHidden();
});

test('a stale session token is dropped on load and the login page shows', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => sessionStorage.setItem('return-token', 'x'.repeat(43)));
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Order number' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('return-token'))).toBeNull();
});
