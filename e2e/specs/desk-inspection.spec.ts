import { expect, test } from '@playwright/test';
import type { calls, Envelope, MerchantRequest } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { consoleSignIn, expectNoAxeViolations, present, shoot, signedInShopper, type Reply } from './support.js';

/** The demo shop's console owner (apps/server/src/demo/demo-shop.ts). */
const OWNER = { email: 'owner@demo-shop.example', password: 'demo-owner-password' };
const merchant = { authorization: 'Bearer demo-merchant-key' };

test('a request of two items, one received and accepted, one rejected as damaged and not restocked: only the accepted item is refunded, as seen in the console, on the status page and in the email', async ({
  page,
  request,
}) => {
  // Alice returns both pairs of sneakers of a fresh copy of #1001, and the shop approves the return.
  const shopper = await signedInShopper(page, request);
  const info = await request.post('/go-api/v1/client/orderInfo', {
    data: { order_id: shopper.orderId },
    headers: shopper.headers,
  });
  const lines = ((await info.json()) as Reply<typeof calls.orderInfo>).data.yes;
  const sneakers = present(
    lines.find((line) => line.title === 'Canvas Sneakers'),
    'the sneakers line',
  );
  const submit = oneLineReturn({
    orderId: shopper.orderId,
    lineId: sneakers.line_item_id,
    idempotencyKey: `e2e-inspect-${String(shopper.orderId)}`,
  });
  submit.order_product = submit.order_product.map((line) => ({ ...line, quantity: 2 }));
  const submitted = await request.post('/v1/client/setReturnOrder', { headers: shopper.headers, data: submit });
  const id = ((await submitted.json()) as Reply<typeof calls.setReturnOrder>).data.request_id;
  const approved = await request.post(`/merchant/v1/requests/${String(id)}/approve`, { headers: merchant });
  const whole = ((await approved.json()) as Envelope<MerchantRequest>).data.refundable;
  const rma = `RMA-${String(id).padStart(6, '0')}`;

  // At the desk: one pair is fine and goes back on sale, the other is damaged and refused.
  await consoleSignIn(page, OWNER);
  await page.goto(`/admin/requests/${String(id)}`);
  await page.getByRole('button', { name: 'Mark received' }).click();
  const dialog = page.getByRole('dialog', { name: `Mark the items of ${shopper.orderName} as received?` });
  await dialog.getByRole('checkbox', { name: /Inspect each item/ }).check();
  const item = dialog.getByRole('group', { name: 'Canvas Sneakers / 42 × 2' });
  const first = item.getByRole('group', { name: 'Units group 1' });
  await first.getByLabel('Units').fill('1');
  await expect(first.getByLabel('Put back in stock')).toBeChecked();
  await item.getByRole('button', { name: 'Add a group of units of Canvas Sneakers / 42' }).click();
  const second = item.getByRole('group', { name: 'Units group 2' });
  await second.getByLabel('Condition').selectOption({ label: 'Damaged' });
  await second.getByLabel('Decision').selectOption({ label: 'Reject (no refund)' });
  await expect(second.getByLabel('Put back in stock')).not.toBeChecked();
  await expect(second.getByLabel('Put back in stock')).toBeDisabled();
  await second.getByLabel('Why not refunded (the shopper reads this)').fill('Torn sole');
  await expectNoAxeViolations(page, 'console inspection at receipt');
  await shoot(page, 'console-inspection');
  await dialog.getByRole('button', { name: 'Mark received' }).click();
  await expect(page.locator('.request-meta').getByText('Received')).toBeVisible();

  await expect(page.getByText('1 of 2 refunded')).toBeVisible();
  await expect(page.getByText(/1 × Damaged · Reject \(no refund\) · Torn sole/)).toBeVisible();
  const after = (
    (await (
      await request.get(`/merchant/v1/requests/${String(id)}`, { headers: merchant })
    ).json()) as Envelope<MerchantRequest>
  ).data;
  expect(after.refundable).toBeLessThan(whole);
  const half = `$${(after.refundable / 100).toFixed(2)}`;
  await expect(page.getByRole('row', { name: 'Refundable after inspection' })).toContainText(half);
  await expectNoAxeViolations(page, 'console request after inspection');

  // The refund offers the accepted pair's money only.
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: `Refund the return of ${shopper.orderName}?` });
  await expect(refund.getByLabel('Amount (USD)')).toHaveValue(half.slice(1));
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByRole('row', { name: /Paid out \(refunded\)/ })).toContainText(half, { timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Timeline' }).getByText(/not refunded: Canvas Sneakers/)).toBeVisible();

  // The shopper's status page says which pair was refunded and why the other was not.
  await page.goto(`/status-manage/return-details/${String(id)}`);
  await expect(page.getByText('Refunded: 1', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Not refunded: 1 (damaged): Torn sole')).toBeVisible();
  await expect(page.getByTestId('actual-refund')).toContainText(half);
  await expectNoAxeViolations(page, 'status page after inspection');

  // So does the refund email.
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mailbox?to=alice@example.com&limit=200')).json()) as {
          subject: string;
          text: string;
        }[];
        return mails.find((mail) => mail.subject === `Your refund for ${rma} is on its way`)?.text ?? '';
      },
      { timeout: 20_000 },
    )
    .toContain('Not refunded: Canvas Sneakers / 42 ×1 (Torn sole).');
  const mails = (await (await request.get('/dev/mailbox?to=alice@example.com&limit=200')).json()) as {
    subject: string;
    text: string;
  }[];
  const mail = present(
    mails.find((m) => m.subject === `Your refund for ${rma} is on its way`),
    'refund email',
  );
  expect(mail.text).toContain(`We refunded ${half} for return ${rma}.`);
  expect(mail.text).toContain('Refunded: Canvas Sneakers / 42 ×1.');
});
