import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { calls } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import {
  chooseItem,
  consoleSignIn,
  expectNoAxeViolations,
  freshOrder,
  loginWithOrder,
  present,
  shoot,
  signedInShopper,
  type Reply,
} from './support.js';

// Instant exchanges (issue 36, ADR 047) in the demo shop, which offers them, on the sandbox payments provider: the
// new order is made at the submit against a card hold, let go at receipt or captured when inspection rejects the item.

/** The demo shop's console owner (apps/server/src/demo/demo-shop.ts). */
const OWNER = { email: 'owner@demo-shop.example', password: 'demo-owner-password' };
const rmaOf = (id: string) => `RMA-${id.padStart(6, '0')}`;

/** Waits for an email to Alice with this subject (the emails are sent by jobs). */
async function expectMail(request: APIRequestContext, subject: string) {
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mailbox?to=alice@example.com&limit=200')).json()) as {
          subject: string;
        }[];
        return mails.some((mail) => mail.subject === subject);
      },
      { timeout: 20_000, message: `an email "${subject}"` },
    )
    .toBe(true);
}

/** The console's card hold of a request, once the settling job has run: reloads until it shows `state`. */
async function expectConsoleHold(page: Page, state: string) {
  const hold = page.getByRole('region', { name: 'Card hold (instant exchange)' });
  await expect(async () => {
    await page.reload();
    await expect(hold.locator('strong')).toHaveText(state, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  return hold;
}

/** From the console's request page: approved, then the parcel marked received (`inspect` fills the dialog). */
async function approveAndReceive(page: Page, orderName: string, inspect?: (dialog: Locator) => Promise<void>) {
  await page.getByRole('button', { name: 'Approve' }).click();
  await page
    .getByRole('dialog', { name: `Approve the return of ${orderName}?` })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(page.locator('.request-meta').getByText('Approved')).toBeVisible();
  await page.getByRole('button', { name: 'Mark received' }).click();
  const dialog = page.getByRole('dialog', { name: `Mark the items of ${orderName} as received?` });
  await inspect?.(dialog);
  await dialog.getByRole('button', { name: 'Mark received' }).click();
  await expect(page.locator('.request-meta').getByText('Received')).toBeVisible();
}

test('an instant exchange: the new order is made at the submit, and the hold is released when the return arrives', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { order_name } = await freshOrder(request, '1001');
  await loginWithOrder(page, order_name, 'alice@example.com');
  await chooseItem(page, order_name, 'Canvas Sneakers / 42');
  await page.getByRole('radio', { name: /Exchange/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  // The exchange page, not the step still on screen, whose Exchange choice mentions a size too.
  await expect(page.getByRole('heading', { name: 'Choose your exchange' })).toBeVisible();
  await page.getByLabel('Size').selectOption('43');
  await expect(page.getByText(/^\d+ in stock$/)).toBeVisible();
  await page.getByRole('button', { name: 'Add to exchange' }).click();

  // The server offers it; the shopper asks for it from the keyboard, and the card is declined once.
  const offer = page.getByRole('region', { name: 'Get your new items sooner' });
  await expect(offer).toBeVisible();
  await expectNoAxeViolations(page, 'instant exchange offer');
  await offer.getByRole('button', { name: 'Ship my new items now' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Authorise a card hold of / })).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(offer.getByRole('alert')).toHaveText(
    'Your card was declined, so nothing is held. Please retry, or continue without a hold.',
  );
  await expect(page.getByRole('listitem').filter({ hasText: 'Canvas Sneakers / 43' })).toBeVisible();
  await offer.getByRole('button', { name: 'Ship my new items now' }).click();
  await page.getByRole('button', { name: /^Authorise / }).click();

  const held = page.getByRole('region', { name: 'Your new items ship now' });
  await expect(held.getByRole('status')).toContainText(/A hold of \$\d+\.\d\d is on your card\./);
  await expect(held).toContainText('The hold is released when we receive your return.');
  await expect(held).toContainText('If your return has not arrived within 14 days or is not accepted');
  const amount = present(/\$\d+\.\d\d/.exec((await held.getByRole('status').textContent()) ?? '')?.[0], 'held amount');
  await expectNoAxeViolations(page, 'instant exchange held');
  await shoot(page, 'instant-exchange-held');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /Ship on your own/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`Now, against a hold of ${amount} on your card`)).toBeVisible();
  await page.getByRole('button', { name: 'Submit return request' }).click();

  // Nobody has reviewed or received the return, yet its exchange order exists.
  await expect(page).toHaveURL(/\/status-manage\/return-details\/\d+$/);
  const id = present(/(\d+)$/.exec(page.url())?.[1], 'request id');
  await expect(page.getByText('In process, pending merchant review')).toBeVisible();
  const exchange = page.getByRole('heading', { name: 'You receive instead' }).locator('..');
  const named = new RegExp(`^Your exchange order: ${order_name}-E\\d+$`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0, { timeout: 10_000 });
    await expect(exchange.getByText(named)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('In process, pending merchant review')).toBeVisible();
  await expectMail(request, `We are sending your exchange now (${rmaOf(id)})`);

  // At the desk: the hold is held until the parcel is received, then let go.
  await consoleSignIn(page, OWNER);
  await page.goto(`/admin/requests/${id}`);
  const hold = page.getByRole('region', { name: 'Card hold (instant exchange)' });
  // The state stands out above the amounts.
  await expect(hold.locator('strong')).toHaveText('Held');
  await expect(hold.getByRole('row', { name: /^Authorised/ })).toContainText(amount);
  await expect(hold).toContainText('Let go: when the parcel is received');
  await approveAndReceive(page, order_name);
  await expectConsoleHold(page, 'Released');
  await expect(hold.getByRole('row', { name: /^Captured/ })).toHaveCount(0);
  await expectMail(request, `The hold on your card is released (${rmaOf(id)})`);
});

test('an instant exchange rejected at inspection: the hold is captured', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Alice asks for another size of her sneakers through the portal's calls, and authorises the hold on the provider's
  // page (the portal's side of it is the journey above).
  const shopper = await signedInShopper(page, request);
  const headers = shopper.headers;
  const info = await request.post('/v1/client/orderInfo', { data: { order_id: shopper.orderId }, headers });
  const sneakers = present(
    ((await info.json()) as Reply<typeof calls.orderInfo>).data.yes.find((line) => line.title === 'Canvas Sneakers'),
    'the sneakers line',
  );
  const list = await request.post('/v1/client/getVariantList', { data: { product_id: sneakers.product_id }, headers });
  const size41 = present(
    ((await list.json()) as Reply<typeof calls.getVariantList>).data.list[0]?.variants.find((v) => v.option1 === '41'),
    'size 41',
  );
  const choice = {
    order_id: shopper.orderId,
    refund_line_items: [{ line_item_id: sneakers.line_item_id, quantity: 1 }],
    exchange_line_items: [{ variant_id: size41.id, quantity: 1 }],
    idempotency_key: `e2e-instant-${String(shopper.orderId)}`,
  };
  const started = await request.post('/v1/client/exchangeHold', { data: choice, headers });
  const hold = ((await started.json()) as Reply<typeof calls.exchangeHold>).data;
  expect(hold).toMatchObject({ state: 'awaiting_shopper', release_on: 'received' });
  await page.goto(hold.pay_url);
  await page.getByRole('button', { name: /^Authorise / }).click();
  await expect(page).toHaveURL(/\/process-manage\//);
  const submitted = await request.post('/v1/client/setReturnOrder', {
    headers,
    data: oneLineReturn(
      { orderId: shopper.orderId, lineId: sneakers.line_item_id, idempotencyKey: choice.idempotency_key },
      { fields: { solution_id: 5, type: 2, exchange_line_items: choice.exchange_line_items, instant_exchange: true } },
    ),
  });
  const id = String(((await submitted.json()) as Reply<typeof calls.setReturnOrder>).data.request_id);
  await expectMail(request, `We are sending your exchange now (${rmaOf(id)})`);

  // At the desk the pair comes back worn: rejected, so the hold is captured in full.
  await consoleSignIn(page, OWNER);
  await page.goto(`/admin/requests/${id}`);
  const consoleHold = page.getByRole('region', { name: 'Card hold (instant exchange)' });
  await expect(consoleHold.locator('strong')).toHaveText('Held');
  await approveAndReceive(page, shopper.orderName, async (dialog) => {
    await dialog.getByRole('checkbox', { name: /Inspect each item/ }).check();
    const units = dialog.getByRole('group', { name: 'Units group 1' });
    await units.getByLabel('Condition').selectOption({ label: 'Damaged' });
    await units.getByLabel('Decision').selectOption({ label: 'Reject (no refund)' });
    await units.getByLabel('Why not refunded (the shopper reads this)').fill('Worn soles');
  });
  await expectConsoleHold(page, 'Captured');
  const held = `$${(hold.amount / 100).toFixed(2)}`;
  await expect(consoleHold.getByRole('row', { name: /^Captured/ })).toContainText(held);
  await expectNoAxeViolations(page, 'console hold captured');
  await expectMail(request, `We charged your card for return ${rmaOf(id)}`);
});
