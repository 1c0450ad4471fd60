import { expect, test } from '@playwright/test';
import type { Envelope, MerchantRequest } from '@return-center/contract';
import { randomBytes } from 'node:crypto';
import { expectNoAxeViolations, freshOrder, shoot } from './support.js';

const merchant = { authorization: 'Bearer demo-merchant-key' };

interface Mail {
  to: string;
  subject: string;
  text: string;
}

// Issue 35 point 3: Alice's #1001 went to her friend as a gift; the friend returns the shirt for store credit at their
// own email, signing in with the order number and the shipping postcode. Each run takes a fresh copy of #1001 (the
// same customer, items and postcode), so the desktop and mobile runs each own the order they return.
test('a gift recipient returns the shirt of #1001 by order number and postcode, for store credit at their own email', async ({
  page,
  request,
}) => {
  const { order_name } = await freshOrder(request, '1001');
  const recipient = `gift-${randomBytes(4).toString('hex')}@example.com`;

  await page.goto('/');
  // The entry is a button in the keyboard's path: it opens the gift sign-in and takes focus to its heading.
  const entry = page.getByRole('button', { name: 'Returning a gift?' });
  await entry.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Return a gift' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Order number' })).toHaveCount(0);
  // Back returns to the usual sign-in, with focus on the entry again.
  await page.getByRole('button', { name: 'Back to sign-in' }).click();
  await expect(entry).toBeFocused();
  await entry.click();

  // A wrong postcode says only that the two do not match, as an unknown order would.
  await page.getByRole('textbox', { name: 'Order number' }).fill(order_name);
  await page.getByRole('textbox', { name: 'Postcode or gift code' }).fill('99999');
  await page.getByRole('textbox', { name: 'Your email address' }).fill(recipient);
  await page.getByRole('button', { name: 'Find the gift' }).click();
  await expect(page.getByText('Please enter a valid order number and postcode or gift code')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Postcode or gift code' })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'gift sign-in');
  await shoot(page, 'gift-login');

  // The postcode as a person types it: spaces and all.
  await page.getByRole('textbox', { name: 'Postcode or gift code' }).fill(' 101 18 ');
  await page.getByRole('button', { name: 'Find the gift' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await page.getByRole('article', { name: order_name }).getByRole('link', { name: 'Create return' }).click();
  await page.getByRole('checkbox', { name: 'Linen Shirt / M' }).click();
  await page.getByRole('dialog').getByRole('radio', { name: "Doesn't suit me" }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // The server offers a gift only store credit or an exchange, and names where the credit goes.
  await expect(page.getByRole('heading', { name: 'Please select a return solution' })).toBeVisible();
  await expect(page.getByText(`the store credit and every email about it go to ${recipient}`)).toBeVisible();
  await expect(page.getByRole('radio', { name: /Refund to original payment method/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'gift solution');
  await page.getByRole('radio', { name: /Store discount code/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /Ship on your own/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your return request' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit return request' }).click();
  await expect(page).toHaveURL(/\/status-manage\/return-details\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())?.[1]);
  const rma = `RMA-${String(id).padStart(6, '0')}`;

  // The console's request is marked as a gift, with the buyer and the recipient.
  const view = (
    (await (
      await request.get(`/merchant/v1/requests/${id}`, { headers: merchant })
    ).json()) as Envelope<MerchantRequest>
  ).data;
  expect(view).toMatchObject({ customer_email: 'alice@example.com', gift_email: recipient, solution_id: 2 });

  // The merchant takes the shirt back and gives the credit: the code reaches the recipient's mailbox.
  await request.post(`/merchant/v1/requests/${id}/approve`, { headers: merchant });
  await request.post(`/merchant/v1/requests/${id}/receive`, { headers: merchant });
  await request.post(`/merchant/v1/requests/${id}/refund`, { headers: merchant, data: {} });
  const mailsTo = async (to: string) =>
    (await (await request.get(`/dev/mailbox?to=${encodeURIComponent(to)}&limit=200`)).json()) as Mail[];
  await expect
    .poll(async () => (await mailsTo(recipient)).map((mail) => mail.text).join('\n'), { timeout: 20_000 })
    .toMatch(/Your code: RETURN-[0-9A-F]{10}/);
  // The buyer is told nothing of it (the demo shop does not tell buyers).
  expect(
    (await mailsTo('alice@example.com')).filter((mail) => mail.text.includes(rma) || mail.subject.includes(rma)),
  ).toEqual([]);
  await page.reload();
  await expect(page.getByText(rma)).toBeVisible();
  await shoot(page, 'gift-status');
});
