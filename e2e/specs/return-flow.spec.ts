import { expect, test } from '@playwright/test';
import type { calls } from '@return-center/contract';
import { freshOrder, loginWithOrder, present, shoot, signedInShopper, type Reply } from './support.js';

/** A real 1×1 PNG; the server decodes and re-encodes it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
  'base64',
);

/** The part of the return form the portal keeps in localStorage that these tests read. */
interface StoredReturnForm {
  order_product: Record<number, { provide_proof: string[] }>;
}

test('in the reason dialog a shopper adds photos, a non-image is refused, and one item variant is allowed', async ({
  page,
  request,
}) => {
  const shopper = await signedInShopper(page, request);
  await page.goto(`/process-manage/select/${shopper.orderId}`);
  await expect(page.getByRole('heading', { name: 'What would you like to return?' })).toBeVisible();
  await expect(page.getByText('One item return request per order')).toBeVisible();
  await expect(page.getByText('This item is not eligible for return')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Linen Shirt / M' }).click();
  const dialog = page.getByRole('dialog', { name: 'Why are you returning this item?' });
  await dialog.getByRole('radio', { name: "Doesn't suit me" }).check();
  await dialog.getByLabel('Return description').fill('Too tight on the shoulders');
  await dialog.getByLabel('Add photos').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: PNG },
    { name: 'label.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(dialog.getByRole('img', { name: /^Photo \d$/ })).toHaveCount(2);
  // A third that is not an image is refused with the spec message.
  await dialog
    .getByLabel('Add photos')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(page.getByText('File type should be jep, jpeg, png, gif')).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove photo 2' }).click();
  await dialog.getByLabel('Add photos').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('img', { name: /^Photo \d$/ })).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("Selected: 1 × Doesn't suit me")).toBeVisible();

  // Only one product variant per request.
  await page.getByRole('checkbox', { name: 'Canvas Sneakers / 42' }).click();
  await expect(page.getByText('Sorry, You can only select one product variant per request.')).toBeVisible();

  // The photos travel with the form to the check step and into the request.
  const stored = await page.evaluate((id) => localStorage.getItem(`return-form:${id}`), shopper.orderId);
  const form = JSON.parse(present(stored, `stored return form of order ${shopper.orderId}`)) as StoredReturnForm;
  expect(form.order_product[shopper.shirtLineId]?.provide_proof).toHaveLength(2);
});

test('a shopper returns the Linen Shirt of #1001 for a refund, shipping it on their own', async ({ page, request }) => {
  const { order_name } = await freshOrder(request, '1001');
  await loginWithOrder(page, order_name, 'alice@example.com');
  await page.getByRole('article', { name: order_name }).getByRole('link', { name: 'Create return' }).click();
  await page.getByRole('checkbox', { name: 'Linen Shirt / M' }).click();
  await page.getByRole('dialog').getByRole('radio', { name: "Doesn't suit me" }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("Selected: 1 × Doesn't suit me")).toBeVisible();
  // On a wide screen the return so far stands beside the steps, with the server's estimate; a phone goes without.
  const desktop = (page.viewportSize()?.width ?? 0) >= 1024;
  const summary = page.getByRole('region', { name: 'Your return', exact: true });
  if (desktop) {
    await expect(summary.getByText('Linen Shirt / M')).toBeVisible();
    await expect(summary).toContainText('Estimated refund');
    await expect(summary.getByTestId('summary-estimate')).toHaveText(/^\$\d+\.\d\d$/);
  } else await expect(summary).toHaveCount(0);
  await shoot(page, 'select');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Please select a return solution' })).toBeVisible();
  await page.getByRole('radio', { name: /Refund to original payment method/ }).check();
  await shoot(page, 'solution');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'How would you like to return item?' })).toBeVisible();
  await page.getByRole('radio', { name: /Ship on your own/ }).check();
  // A reload mid-flow keeps the form.
  await page.reload();
  await expect(page.getByRole('radio', { name: /Ship on your own/ })).toBeChecked();
  await shoot(page, 'method');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Check your return request' })).toBeVisible();
  // The totals match what the server computes for the same lines.
  const token = present(
    await page.evaluate(() => sessionStorage.getItem('return-token')),
    'session token in sessionStorage',
  );
  const orders = (await (
    await request.post('/go-api/v1/client/index', { data: {}, headers: { authorization: `Bearer ${token}` } })
  ).json()) as Reply<typeof calls.index>;
  const orderId = present(orders.data.list[0], `order ${order_name} in the shopper's list`).id;
  const info = (await (
    await request.post('/go-api/v1/client/orderInfo', {
      data: { order_id: orderId },
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as Reply<typeof calls.orderInfo>;
  const shirt = present(
    info.data.yes.find((l) => l.title === 'Linen Shirt'),
    `Linen Shirt line of ${order_name}`,
  );
  const money = (await (
    await request.post('/v1/client/getReturnMoney', {
      data: {
        order_id: orderId,
        solution_id: 1,
        shipping_method_id: 2,
        refund_line_items: [{ line_item_id: shirt.line_item_id, quantity: 1 }],
      },
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as Reply<typeof calls.getReturnMoney>;
  expect(money.data.total).toBe(4763);
  await expect(page.getByTestId('total-refund')).toHaveText('$47.63');
  await expect(page.getByRole('row', { name: /Discount/ })).toContainText('-$4.90');
  await expect(page.getByRole('row', { name: /Tax/ })).toContainText('$3.53');
  if (desktop) {
    // The summary shows the same total, and stays in view while the page scrolls to its end.
    await expect(summary.getByTestId('summary-estimate')).toHaveText('$47.63');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(summary).toBeInViewport({ ratio: 1 });
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await shoot(page, 'check');

  // A double click creates one request.
  await page.getByRole('button', { name: 'Submit return request' }).dblclick();
  await expect(page).toHaveURL(/\/status-manage\/return-details\/\d+$/);
  const list = (await (
    await request.post('/go-api/v1/client/orderReturnList', {
      data: { order_id: orderId },
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as Reply<typeof calls.orderReturnList>;
  expect(list.data.list).toHaveLength(1);

  await expect(page.getByText('In process, pending merchant review')).toBeVisible();
  await shoot(page, 'status');
  await page.getByRole('link', { name: 'Back to orders' }).click();
  await expect(
    page.getByRole('article', { name: order_name }).getByRole('link', { name: 'View request progress' }),
  ).toBeVisible();
});

test('continuing without choosing an item explains why', async ({ page, request }) => {
  const { order_name } = await freshOrder(request, '1001');
  await loginWithOrder(page, order_name, 'alice@example.com');
  await page.getByRole('article', { name: order_name }).getByRole('link', { name: 'Create return' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Unselected return item.')).toBeVisible();
});
