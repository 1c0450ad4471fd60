import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshOrder, loginWithOrder } from './support.js';

const merchant = { authorization: 'Bearer demo-merchant-key' };

/** Signs in through the UI, then submits a return of the Linen Shirt with the session's token. */
async function submitAsShopper(page: Page, request: APIRequestContext, shippingMethodId: number) {
  const { order_name } = await freshOrder(request, '1001');
  await loginWithOrder(page, order_name, 'alice@example.com');
  const headers = { authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem('return-token'))}` };
  const order = (await (await request.post('/go-api/v1/client/index', { data: {}, headers })).json()).data.list[0];
  const info = (
    await (await request.post('/go-api/v1/client/orderInfo', { data: { order_id: order.id }, headers })).json()
  ).data;
  const shirt = info.yes.find((l: { title: string }) => l.title === 'Linen Shirt');
  const submitted = await request.post('/v1/client/setReturnOrder', {
    headers,
    data: {
      order_id: order.id,
      solution_id: 1,
      shipping_method_id: shippingMethodId,
      idempotency_key: `e2e-order-${order.id}`,
      order_product: [
        {
          id: shirt.line_item_id,
          order_product_id: shirt.line_item_id,
          quantity: 1,
          change: null,
          reason: { reason_id: 5, reason_text: '', reason_group_id: 1, reason_description: '', provide_proof: [] },
        },
      ],
    },
  });
  return (await submitted.json()).data.request_id as number;
}

async function subjects(request: APIRequestContext) {
  const mails = (await (await request.get('/dev/mailbox?to=alice@example.com&limit=200')).json()) as {
    subject: string;
  }[];
  return mails.map((m) => m.subject);
}

test('a return goes from review to refund, with a label, tracking and an email at each step', async ({
  page,
  request,
}) => {
  const id = await submitAsShopper(page, request, 1);
  const rma = `RMA-${String(id).padStart(6, '0')}`;
  expect(
    (await (await request.post(`/merchant/v1/requests/${id}/approve`, { headers: merchant })).json()).data.status,
  ).toBe(2);

  await page.goto(`/status-manage/return-details/${id}`);
  await expect(page.getByText('Approved: complete the return')).toBeVisible();
  const label = page.getByRole('link', { name: 'Download return label' });
  await expect(label).toBeVisible({ timeout: 15_000 });
  const pdf = await request.get((await label.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The label's own tracking is shown; the shopper can still see where to send it.
  await expect(page.getByText('500 Market Street')).toBeVisible();
  await request.post(`/merchant/v1/requests/${id}/receive`, { headers: merchant });
  await request.post(`/merchant/v1/requests/${id}/refund`, { headers: merchant, data: {} });
  await page.reload();
  await expect(page.getByText('Refunded', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('actual-refund')).toHaveText('$47.63');

  await expect
    .poll(() => subjects(request), { timeout: 15_000 })
    .toEqual(
      expect.arrayContaining([
        `We received your return request ${rma}`,
        `Your return ${rma} is approved`,
        `We received your returned items (${rma})`,
        `Your refund for ${rma} is on its way`,
      ]),
    );
});

test('a shopper shipping on their own adds tracking after approval', async ({ page, request }) => {
  const id = await submitAsShopper(page, request, 2);
  await request.post(`/merchant/v1/requests/${id}/approve`, { headers: merchant });
  await page.goto(`/status-manage/return-details/${id}`);
  await page.getByLabel('Shipping carrier').selectOption('UPS');
  await page.getByLabel('Tracking number').fill('1Z999');
  await page.getByRole('button', { name: 'Save tracking' }).click();
  await expect(page.getByText('Please enter a valid tracking number for this carrier')).toBeVisible();
  await page.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await page.getByRole('button', { name: 'Save tracking' }).click();
  await expect(page.getByText('UPS 1Z999AA10123456784')).toBeVisible();
});

test('a rejection shows its reason', async ({ page, request }) => {
  const id = await submitAsShopper(page, request, 2);
  await request.post(`/merchant/v1/requests/${id}/reject`, {
    headers: merchant,
    data: { reason: 'The item was worn' },
  });
  await page.goto(`/status-manage/return-details/${id}`);
  await expect(page.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(page.getByText('Reject reason: The item was worn')).toBeVisible();
  await expect
    .poll(() => subjects(request), { timeout: 15_000 })
    .toContain(`Your return RMA-${String(id).padStart(6, '0')} was not approved`);
});
