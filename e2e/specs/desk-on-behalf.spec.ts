import { expect, test, type APIRequestContext } from '@playwright/test';
import { consoleSignIn, expectNoAxeViolations, freshOrder } from './support.js';

/** The demo shop's console owner (apps/server/src/demo/demo-shop.ts). */
const OWNER = { email: 'owner@demo-shop.example', password: 'demo-owner-password' };

/** The subjects of the mails the dev mailbox holds for Alice that name this return. */
async function mailsAbout(request: APIRequestContext, rma: string) {
  const mails = (await (await request.get('/dev/mailbox?to=alice@example.com&limit=200')).json()) as {
    subject: string;
    text: string;
  }[];
  return mails.filter((mail) => mail.text.includes(rma) || mail.subject.includes(rma));
}

test('A return created by staff for #1001, then its items edited before approval, both on the timeline', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A copy of #1001 that this test alone changes (same lines, dates and shopper).
  const { order_name } = await freshOrder(request, '1001');
  await consoleSignIn(page, OWNER);
  await page.getByRole('link', { name: 'New return' }).click();
  await expect(page.getByRole('heading', { name: 'New return', level: 1 })).toBeVisible();

  await page.getByRole('textbox', { name: 'Order number' }).fill(order_name.replace('#', ''));
  await page.getByRole('textbox', { name: "Shopper's email (optional)" }).fill('alice@example.com');
  await page.getByRole('textbox', { name: "Shopper's email (optional)" }).press('Enter');
  await expect(page.getByText(`Order ${order_name} of alice@example.com`)).toBeVisible();
  // The final-sale beanie is listed with why it cannot come back.
  await expect(page.getByText('Wool Beanie: ')).toBeVisible();

  const shirt = page.getByRole('group', { name: /^Linen Shirt/ });
  await shirt.getByRole('checkbox').check();
  await shirt.getByLabel('Reason').selectOption({ label: "Doesn't suit me" });
  await shirt.getByLabel('What the shopper said').fill('Phoned in: too tight');
  await page.getByRole('radio', { name: 'Own shipping' }).check();
  const total = page.getByRole('status').filter({ hasText: 'Total to the shopper' });
  await expect(total).toBeVisible();
  const quoted = await total.locator('.total dd').textContent();
  await expectNoAxeViolations(page, 'new return');

  await page.getByRole('button', { name: 'Create return' }).click();
  await expect(page).toHaveURL(/\/admin\/requests\/\d+$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(order_name);
  const rma = /RMA-\d+/.exec((await heading.textContent()) ?? '')?.[0] ?? '';
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(
    timeline.getByText('Made at the desk: created by owner@demo-shop.example for the shopper'),
  ).toBeVisible();
  await expect(page.getByText('Phoned in: too tight')).toBeVisible();
  // The same money the desk was shown: the server's.
  await expect(page.getByRole('region', { name: 'Money' }).getByText(quoted ?? '')).toBeVisible();

  // Before approval: the shopper calls back, it is the sneakers (both pairs) that go back, with a prepaid label.
  await page.getByRole('button', { name: 'Edit items' }).click();
  await page
    .getByRole('group', { name: /^Linen Shirt/ })
    .getByRole('checkbox')
    .uncheck();
  const sneakers = page.getByRole('group', { name: /^Canvas Sneakers/ });
  await sneakers.getByRole('checkbox').check();
  await sneakers.getByLabel('Quantity').selectOption('2');
  await sneakers.getByLabel('Reason').selectOption({ label: "Doesn't suit me" });
  await page.getByRole('radio', { name: 'Prepaid label' }).check();
  const newTotal = page
    .getByRole('region', { name: 'Edit items and method' })
    .getByRole('status')
    .filter({ hasText: 'Total to the shopper' });
  await expect(newTotal).toBeVisible();
  await expect(newTotal.locator('.total dd')).not.toHaveText(quoted ?? '');
  await expectNoAxeViolations(page, 'edit items');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved; they are on the timeline.')).toBeVisible();
  await expect(
    timeline.getByText(
      /Items changed: Canvas Sneakers added \(2, Doesn't suit me\); Linen Shirt removed; method: Ship on your own → Return label from the merchant; refund/,
    ),
  ).toBeVisible();

  // The shopper got the usual email for the new request.
  await expect.poll(async () => (await mailsAbout(request, rma)).length, { timeout: 20_000 }).toBeGreaterThan(0);

  // Once approved, the items are fixed.
  await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('button', { name: 'Edit items' })).toHaveCount(0);
});
