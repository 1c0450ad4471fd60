import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { MERCHANT_BASE, merchantPath, type Envelope, type MerchantRequest } from '@return-center/contract';
import { createShop, loginWithOrder, present, walkToCheckStep } from './support.js';

test('a second shop made with the CLI serves an order pushed through the API, and never the demo shop’s data', async ({
  page,
  request,
}) => {
  const domain = `trail-${randomBytes(4).toString('hex')}.example`;
  const { api_key } = createShop(domain);
  const auth = { authorization: `Bearer ${api_key}` };

  const pushed = await request.put(merchantPath('upsertOrder', 'wc-5123'), {
    headers: auth,
    data: {
      name: '#1001',
      email: 'erin@example.com',
      currency: 'EUR',
      created_at: Math.floor(Date.now() / 1000) - 5 * 86_400,
      delivered_at: Math.floor(Date.now() / 1000) - 2 * 86_400,
      shipping: 495,
      lines: [
        { id: 'li-1', title: 'Rain Jacket', variant_title: 'M', sku: 'RJ-M', price: 8900, quantity: 1, tax: 1780 },
        { id: 'li-2', title: 'Wool Socks', sku: 'WS', price: 1200, quantity: 2 },
      ],
    },
  });
  expect(((await pushed.json()) as Envelope<{ created: boolean }>).data.created).toBe(true);

  // The demo shop's #1001 and its shopper do not exist in this shop.
  await page.goto(`/?shop=${domain}`);
  await page.getByRole('tab', { name: 'Order number' }).click();
  await page.getByRole('textbox', { name: 'Order number' }).fill('#1001');
  await page.getByLabel('Email address').fill('alice@example.com');
  await page.getByRole('button', { name: 'Start Your Return' }).click();
  await expect(page.getByText('Please enter a valid order number and email address')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Orders' })).toHaveCount(0);

  // Its own shopper returns the jacket through the portal.
  await loginWithOrder(page, '#1001', 'erin@example.com', domain);
  await expect(page.getByRole('article', { name: '#1001' })).toBeVisible();
  await expect(page.getByText('Linen Shirt')).toHaveCount(0);
  await walkToCheckStep(page, '#1001', 'Rain Jacket / M');
  await expect(page.getByText('€106.80').first()).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/status-manage\/return-details\/\d+$/);
  await expect(page.getByText('Rain Jacket').first()).toBeVisible();

  // The merchant of this shop sees exactly that request; the demo shop's key does not.
  const mine = (await (await request.get(`${MERCHANT_BASE}/requests`, { headers: auth })).json()) as Envelope<{
    items: (Pick<MerchantRequest, 'id'> & { order_no: string })[];
  }>;
  expect(mine.data.items.map((r) => r.order_no)).toEqual(['#1001']);
  const requestId = present(mine.data.items[0], 'the request').id;
  const demo = await request.get(merchantPath('get', requestId), {
    headers: { authorization: 'Bearer demo-merchant-key' },
  });
  expect(((await demo.json()) as Envelope<null>).code).not.toBe(1000);
});
