import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, present, shoot } from './support.js';

const CHARTS = ['Requests over time', 'Top reasons', 'Return rate per product', 'Money back, store credit or exchange'];

async function signInAsOwner(page: Page) {
  await page.goto('/admin/sign-in');
  await page.getByLabel('Email', { exact: true }).fill('owner@demo-shop.example');
  await page.getByLabel('Password', { exact: true }).fill('demo-owner-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
}

test('the analytics page draws four charts with their data tables and CSV files, over a range kept in the address', async ({
  page,
}) => {
  // Chart.js sizes its canvas through the CSSOM, which the console's CSP (no inline styles) must let through.
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  // One sign-in per test: the console allows 10 an email per 15 minutes, and other console specs sign in as the owner.
  await signInAsOwner(page);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Analytics' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  for (const title of CHARTS) {
    const chart = page.getByRole('region', { name: title });
    await expect(chart.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(chart.getByRole('img')).toHaveAccessibleName(/chart/);
  }
  await expect(page.getByRole('region', { name: 'Median time from request to refund' })).toBeVisible();

  // The demo shop's seeded request (order #1005, yesterday) returns an item because it "Doesn't suit me".
  const reasons = page.getByRole('region', { name: 'Top reasons' });
  await reasons.getByText('Show the data').click();
  const row = reasons.getByRole('row', { name: /Doesn't suit me/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell')).toHaveText(/^[1-9]\d*$/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    reasons.getByRole('button', { name: /Download CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^top-reasons-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(present(await download.path(), 'the downloaded CSV'), 'utf8');
  const [header, ...lines] = csv.trimEnd().split('\r\n');
  expect(header).toBe('reason,items');
  expect(lines).toContainEqual(expect.stringMatching(/^Doesn't suit me,[1-9]\d*$/));

  await shoot(page, 'console-analytics');
  await expectNoAxeViolations(page, 'console analytics');

  // The range lives in the address; a reload keeps it.
  const range = page.getByRole('combobox', { name: 'Range' });
  await range.selectOption('7');
  await expect(page).toHaveURL(/\/admin\/analytics\?range=7$/);
  await page.reload();
  await expect(range).toHaveValue('7');
  await expect(reasons.getByRole('img')).toBeVisible();

  await range.selectOption('custom');
  await expect(page).toHaveURL(/range=custom&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await page.getByLabel('To', { exact: true }).fill('2030-01-01');
  await page.getByLabel('From', { exact: true }).fill('2030-01-02');
  await expect(page.getByRole('alert')).toContainText('The range must start before it ends');
  await page.getByLabel('To', { exact: true }).fill('2030-01-31');
  await expect(page).toHaveURL(/from=2030-01-02&to=2030-01-31/);
  await expect(page.getByRole('region', { name: 'Top reasons' })).toContainText('No items returned in this range.');
  await expect(page.getByRole('region', { name: 'Median time from request to refund' })).toContainText(
    'No refunds yet in this range',
  );
  await expectNoAxeViolations(page, 'console analytics (custom range)');
  expect(refused).toEqual([]);
});
