import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Envelope, MerchantRequest } from '@return-center/contract';
import { present, signedInShopper, submitShirtReturn } from './support.js';

const merchant = { authorization: 'Bearer demo-merchant-key' };

/** A 1 × 1 PNG. */
const onePixelPng = () =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
    'base64',
  );

/** A signed-in shopper's return of the Linen Shirt, submitted with the session's token. */
async function submitAsShopper(page: Page, request: APIRequestContext, shippingMethodId: number) {
  return submitShirtReturn(request, await signedInShopper(page, request), shippingMethodId);
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
  const approved = await request.post(`/merchant/v1/requests/${id}/approve`, { headers: merchant });
  expect(((await approved.json()) as Envelope<MerchantRequest>).data.status).toBe(2);

  await page.goto(`/status-manage/return-details/${id}`);
  await expect(page.getByText('Approved: complete the return')).toBeVisible();
  const label = page.getByRole('link', { name: 'Download return label' });
  await expect(label).toBeVisible({ timeout: 15_000 });
  const pdf = await request.get(present(await label.getAttribute('href'), 'href of the return label link'));
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // Beyond the spec: with no box or printer, the shopper shows a QR code at the carrier's counter.
  const qr = page.getByRole('region', { name: 'Drop off without a box' }).getByRole('img');
  await expect(qr).toHaveAccessibleName('QR code to drop off your return');
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

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

test('a shopper shipping on their own adds tracking, with a photo of the parcel, after approval', async ({
  page,
  request,
}) => {
  const id = await submitAsShopper(page, request, 2);
  await request.post(`/merchant/v1/requests/${id}/approve`, { headers: merchant });
  await page.goto(`/status-manage/return-details/${id}`);
  const photo = onePixelPng();
  await page.getByLabel('Add photos').setInputFiles({ name: 'parcel.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await page.getByLabel('Shipping carrier').selectOption('UPS');
  await page.getByLabel('Tracking number').fill('1Z999');
  await page.getByRole('button', { name: 'Save tracking' }).click();
  await expect(page.getByText('Please enter a valid tracking number for this carrier')).toBeVisible();
  await page.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await page.getByRole('button', { name: 'Save tracking' }).click();
  await expect(page.getByText('UPS 1Z999AA10123456784')).toBeVisible();
  // The photo travelled with the tracking: the merchant sees it on the request.
  const merchantView = await request.get(`/merchant/v1/requests/${id}`, { headers: merchant });
  const detail = ((await merchantView.json()) as Envelope<MerchantRequest>).data;
  expect(detail.return_shipment_proof).toEqual([expect.stringMatching(/^\/uploads\/proof\/.+\.png$/)]);
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

test('the status page draws the request from returnInfo, even when no refund check answers (spec §7)', async ({
  page,
  request,
}) => {
  const id = await submitAsShopper(page, request, 2);
  const asked: unknown[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/returnInfo')) asked.push(sent.postDataJSON());
  });
  await page.route('**/refundCheck', (route) => route.abort());
  await page.goto(`/status-manage/return-details/${id}`);
  await expect(page.getByText('In process, pending merchant review').first()).toBeVisible();
  expect(asked).toEqual([{ request_id: id, code: 'en' }]);
});
