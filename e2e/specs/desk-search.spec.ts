import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { merchantPath, type calls } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { consoleSignIn, expectNoAxeViolations, present, shopWithOwner, type Reply } from './support.js';

const DAY = 86_400;

/** An order of the shop's own store with one line, pushed through the merchant API; then its shopper returns it. */
async function returnedOrder(
  request: APIRequestContext,
  shop: { shop: string; headers: { authorization: string } },
  order: { name: string; email: string; title: string; sku: string },
): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const pushed = await request.put(merchantPath('upsertOrder', `desk-${randomBytes(4).toString('hex')}`), {
    headers: shop.headers,
    data: {
      name: order.name,
      email: order.email,
      currency: 'USD',
      created_at: now - 5 * DAY,
      delivered_at: now - 2 * DAY,
      lines: [{ id: 'li-1', title: order.title, sku: order.sku, price: 4500, quantity: 1 }],
    },
  });
  expect(pushed.ok(), await pushed.text()).toBe(true);
  const login = await request.post('/go-api/v1/client/login', {
    data: { email: order.email, order_number: order.name, shop_url: shop.shop },
  });
  const headers = { authorization: `Bearer ${((await login.json()) as Reply<typeof calls.login>).data.token}` };
  const index = await request.post('/go-api/v1/client/index', { data: {}, headers });
  const orderId = present(((await index.json()) as Reply<typeof calls.index>).data.list[0], order.name).id;
  const info = await request.post('/go-api/v1/client/orderInfo', { data: { order_id: orderId }, headers });
  const line = present(((await info.json()) as Reply<typeof calls.orderInfo>).data.yes[0], order.title);
  const submitted = await request.post('/v1/client/setReturnOrder', {
    headers,
    data: oneLineReturn(
      { orderId, lineId: line.line_item_id, idempotencyKey: `desk-${randomBytes(6).toString('hex')}` },
      { fields: { shipping_method_id: 2 } },
    ),
  });
  return present(((await submitted.json()) as Reply<typeof calls.setReturnOrder>).data.request_id, 'request id');
}

const search = async (page: Page, text: string) => {
  const box = page.getByRole('searchbox', { name: /RMA, product or SKU/ });
  await box.fill(text);
  await box.press('Enter');
};
const allTab = (page: Page) =>
  page.getByRole('navigation', { name: 'Requests by status' }).getByRole('button', { name: /^All/ });

test.describe('the returns desk', () => {
  test.describe.configure({ timeout: 90_000 });

  test('Search by RMA number and by SKU, with the tab counts following the search', async ({ page, request }) => {
    const owner = shopWithOwner();
    const shop = { shop: owner.shop, headers: { authorization: `Bearer ${owner.apiKey}` } };
    const sku = `TRAIL-${randomBytes(3).toString('hex').toUpperCase()}`;
    const first = await returnedOrder(request, shop, {
      name: '#3001',
      email: 'erin@example.com',
      title: 'Trail Runner',
      sku,
    });
    await returnedOrder(request, shop, {
      name: '#3002',
      email: 'finn@example.com',
      title: 'Rain Shell',
      sku: 'RAIN-1',
    });
    await consoleSignIn(page, owner);
    await expect(allTab(page)).toHaveText('All 2');

    const rma = `RMA-${String(first).padStart(6, '0')}`;
    await search(page, rma);
    await expect(page).toHaveURL(/q=RMA-/);
    await expect(allTab(page)).toHaveText('All 1');
    await expect(page.getByRole('link', { name: '#3001', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: '#3002', exact: true })).toHaveCount(0);

    await search(page, sku.toLowerCase());
    await expect(page.getByRole('link', { name: '#3001', exact: true })).toBeVisible();
    await expect(allTab(page)).toHaveText('All 1');
    await expect(page.getByRole('link', { name: '#3002', exact: true })).toHaveCount(0);

    await search(page, 'RAIN-1');
    await expect(page.getByRole('link', { name: '#3002', exact: true })).toBeVisible();
    await expect(allTab(page)).toHaveText('All 1');
    await search(page, '');
    await expect(allTab(page)).toHaveText('All 2');
    await expectNoAxeViolations(page, 'console queue with desk filters');
  });

  test('a note, an assignee and a tag on a request, then the queue filtered by them', async ({ page, request }) => {
    const owner = shopWithOwner();
    const shop = { shop: owner.shop, headers: { authorization: `Bearer ${owner.apiKey}` } };
    await returnedOrder(request, shop, {
      name: '#3101',
      email: 'gail@example.com',
      title: 'Wool Socks',
      sku: 'SOCK-1',
    });
    await returnedOrder(request, shop, { name: '#3102', email: 'hal@example.com', title: 'Fleece', sku: 'FLEECE-1' });
    await consoleSignIn(page, owner);
    await page.getByRole('link', { name: '#3102', exact: true }).click();
    await expect(page.getByRole('heading', { name: /Order #3102/ })).toBeVisible();

    const notes = page.getByRole('region', { name: 'Internal notes' });
    await notes.getByLabel('Add a note').fill('Shopper called: parcel sent today');
    await notes.getByRole('button', { name: 'Save note' }).click();
    await expect(notes.getByText('Shopper called: parcel sent today')).toBeVisible();
    await expect(notes.getByText(owner.email)).toBeVisible();

    const desk = page.getByRole('region', { name: 'Desk' });
    const assignee = desk.getByLabel('Assigned to');
    await expect(assignee.locator('option', { hasText: owner.email })).toHaveCount(1);
    await assignee.selectOption({
      label: (await assignee.locator('option', { hasText: owner.email }).textContent()) ?? '',
    });
    await desk.getByLabel('Add a tag').fill('Fragile');
    await desk.getByLabel('Add a tag').press('Enter');
    await expect(desk.getByRole('button', { name: 'Remove tag fragile' })).toBeVisible();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline.getByText(/^Assigned to: /)).toBeVisible();
    await expect(timeline.getByText('Tags: +fragile')).toBeVisible();
    await expectNoAxeViolations(page, 'console request with the desk');

    await page.getByRole('link', { name: 'All requests' }).click();
    await expect(allTab(page)).toHaveText('All 2');
    const filters = page.getByRole('group', { name: 'Tag and assignee' });
    await filters.getByLabel('Tag').fill('fragile');
    await filters.getByLabel('Tag').press('Enter');
    await expect(allTab(page)).toHaveText('All 1');
    await expect(page.getByRole('link', { name: '#3102', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: '#3101', exact: true })).toHaveCount(0);
    await filters.getByLabel('Tag').fill('');
    await filters.getByLabel('Tag').press('Enter');
    await filters.getByLabel('Assigned to').selectOption('me');
    await expect(allTab(page)).toHaveText('All 1');
    await expect(page.getByRole('link', { name: '#3102', exact: true })).toBeVisible();
    await filters.getByLabel('Assigned to').selectOption('none');
    await expect(page.getByRole('link', { name: '#3101', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: '#3102', exact: true })).toHaveCount(0);
  });
});
