import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { calls, EXPORT_COLUMNS, merchantPath } from '@return-center/contract';
import {
  consoleSignIn,
  expectNoAxeViolations,
  present,
  shoot,
  shopWithOwner,
  signedInShopperOf,
  submitShirtReturn,
} from './support.js';

/** A shop of the test's own with its owner, and one request of erin@example.com's #1001, approved, with tracking. */
async function shopWithRequest(page: Page, request: APIRequestContext) {
  const owner = shopWithOwner();
  const headers = { authorization: `Bearer ${owner.apiKey}` };
  const shopper = await signedInShopperOf(page, request, { shop: owner.shop, headers });
  const requestId = await submitShirtReturn(request, shopper);
  const approved = await request.post(merchantPath('approve', requestId), { headers, data: {} });
  expect(approved.ok(), await approved.text()).toBe(true);
  const tracked = await request.post(calls.addTracking.path, {
    headers: shopper.headers,
    data: { request_id: requestId, tracking_number: '1Z999AA10123456784', shipping_carrier: 'UPS' },
  });
  expect(tracked.ok(), await tracked.text()).toBe(true);
  return { owner, requestId };
}

/** RFC 4180 cells of one CSV line without quoted commas or line breaks (this test's data has none). */
const cells = (line: string) => line.split(',').map((cell) => cell.replace(/^"(.*)"$/, '$1').replaceAll('""', '"'));

test("The export's columns", async ({ page, request }) => {
  const { owner, requestId } = await shopWithRequest(page, request);
  await consoleSignIn(page, owner);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`requests-${owner.shop}.csv`);
  const csv = await readFile(present(await download.path(), 'the downloaded CSV'), 'utf8');
  // A byte order mark first, so that spreadsheets read it as UTF-8; lines end with CRLF.
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [header = '', ...lines] = csv.slice(1).trimEnd().split('\r\n');
  expect(header).toBe(EXPORT_COLUMNS.join(','));
  expect(lines).toHaveLength(1);
  const row = Object.fromEntries(EXPORT_COLUMNS.map((column, i) => [column, cells(lines[0] ?? '')[i]]));
  expect(row).toMatchObject({
    rma: `RMA-${String(requestId).padStart(6, '0')}`,
    order: '#1001',
    customer_email: 'erin@example.com',
    status: 'approved',
    solution: 'Refund to original payment method',
    method: 'Ship on your own',
    currency: 'USD',
    refunded: '0.00',
    tracking_number: '1Z999AA10123456784',
    carrier: 'UPS',
    item_title: 'Linen Shirt',
    item_variant: 'M',
    item_quantity: '1',
    item_reason: "Doesn't suit me",
  });
  expect(row.approved_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  expect(row.refund_due).toMatch(/^[1-9]\d*\.\d\d$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the queue's rows carry their column names, the keyboard hint hides, and the Staff page fits", async ({
    page,
    request,
  }) => {
    const { owner } = await shopWithRequest(page, request);
    await consoleSignIn(page, owner);
    const row = page.getByRole('row', { name: /#1001/ });
    await expect(row).toBeVisible();
    const labels = await row
      .getByRole('cell')
      .evaluateAll((tds) => tds.map((td) => getComputedStyle(td, '::before').content.replaceAll('"', '')));
    expect(labels).toEqual(
      expect.arrayContaining(['Order', 'Email', 'Status', 'Solution', 'Method', 'Refund', 'Requested']),
    );
    await expect(page.getByText('Keyboard: j and k move through the rows')).toBeHidden();
    const overflows = () =>
      page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(await overflows()).toBe(false);
    await shoot(page, 'desk-queue-phone');
    await expectNoAxeViolations(page, 'queue on a phone');

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await expect(page.getByRole('cell', { name: owner.email })).toBeVisible();
    expect(await overflows()).toBe(false);
    await shoot(page, 'desk-staff-phone');
    await expectNoAxeViolations(page, 'staff on a phone');
  });
});
