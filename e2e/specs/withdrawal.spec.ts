import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { calls } from '@return-center/contract';
import { consoleSignIn, DEMO_SHOP, expectNoAxeViolations, freshOrder, shoot } from './support.js';

const OWNER = { email: 'owner@demo-shop.example', password: 'demo-owner-password' };

interface StoredMail {
  subject: string;
  text: string;
  attachments: { filename: string; content_type: string; content_base64: string }[];
}

/** Opens the portal's first page in `language`, as a shopper who chose it before. */
async function openPortal(page: Page, language: string) {
  await page.addInitScript((code) => window.sessionStorage.setItem('return-language', code), language);
  await page.goto(`/?shop=${DEMO_SHOP}`);
}

/** The acknowledgement of `reference`, once the worker sent it to `email`. */
async function acknowledgement(request: APIRequestContext, email: string, reference: string): Promise<StoredMail> {
  let found: StoredMail | undefined;
  await expect(async () => {
    const mails = (await (await request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as StoredMail[];
    found = mails.find((mail) => mail.subject.includes(reference));
    expect(found).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return found as StoredMail;
}

/**
 * Sorts the console's queue by refund deadline, as the server pages it: from the column's header on a desktop, from
 * the labelled choice on a phone (whose cards show no header). Open withdrawals come first, then the rest.
 */
async function sortByRefundDeadline(page: Page) {
  if (test.info().project.name === 'desktop') {
    await page.getByRole('button', { name: /Refund by/ }).click();
    await expect(page.getByRole('columnheader', { name: /Refund by/ })).toHaveAttribute('aria-sort', 'ascending');
  } else {
    await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Withdrawals by refund deadline' });
  }
  await expect(page).toHaveURL(/sort=refund_deadline/);
  const table = page.getByRole('table', { name: 'Return requests, withdrawals due first by refund deadline' });
  await expect(table.getByRole('row').nth(1)).toContainText('Withdrawal');
  const marked = await table
    .getByRole('row')
    .filter({ has: page.locator('td') })
    .evaluateAll((rows) => rows.map((row) => row.querySelector('.badge.withdrawal') !== null));
  // Every withdrawal before every other request: once a row is not one, none after it is.
  expect(marked.slice(marked.indexOf(false)).filter(Boolean)).toEqual([]);
}

const referenceIn = async (page: Page) => {
  const status = await page
    .getByRole('status')
    .filter({ hasText: /W-\d{6}/ })
    .textContent();
  return /W-\d{6}/.exec(status ?? '')?.[0] ?? '';
};

test('a German shopper withdraws from the whole order in two steps without signing in; the console shows it and its deadline', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const order = await freshOrder(request, '1001');
  await openPortal(page, 'de');
  await page.getByRole('link', { name: 'Vertrag hier widerrufen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vertrag widerrufen' })).toBeVisible();
  await expect(page).toHaveURL(/\/withdraw\?shop=/);

  // Step 1: name, order number, the email for the acknowledgement; the whole order is the default.
  await page.getByLabel('Ihr Name').fill('Dana Weber');
  await page.getByRole('textbox', { name: 'Bestellnummer' }).fill(order.order_name);
  await page.getByLabel('E-Mail-Adresse').fill(order.email);
  await expect(page.getByRole('radio', { name: 'Die gesamte Bestellung' })).toBeChecked();
  await expectNoAxeViolations(page, 'withdrawal step 1 (de)');
  await page.getByRole('button', { name: 'Weiter' }).click();

  // Step 2: the summary and "Confirm withdrawal", in the directive's German words.
  await expect(page.getByRole('heading', { level: 1, name: 'Widerruf prüfen und bestätigen' })).toBeFocused();
  await expect(page.getByText('Dana Weber')).toBeVisible();
  await expectNoAxeViolations(page, 'withdrawal step 2 (de)');
  await shoot(page, 'withdrawal-de-summary');
  await page.getByRole('button', { name: 'Widerruf bestätigen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Widerruf eingegangen' })).toBeVisible();
  const reference = await referenceIn(page);
  expect(reference).toMatch(/^W-\d{6}$/);

  // The acknowledgement of receipt, with the date and time and its PDF, is in the dev mailbox.
  const mail = await acknowledgement(request, order.email, reference);
  expect(mail.subject).toContain('Eingangsbestätigung Ihres Widerrufs');
  expect(mail.text).toContain('Dana Weber');
  expect(mail.text).toMatch(/UTC/);
  expect(mail.attachments.map((a) => [a.filename, a.content_type])).toEqual([[`${reference}.pdf`, 'application/pdf']]);
  expect(
    Buffer.from(mail.attachments[0]?.content_base64 ?? '', 'base64')
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The console: marked as a withdrawal in the queue, with its refund deadline, sortable, and in the request view.
  await consoleSignIn(page, OWNER);
  const row = page.getByRole('row').filter({ hasText: order.order_name });
  await expect(row.getByText('Withdrawal', { exact: true })).toBeVisible();
  await expect(row.locator('td[data-label="Refund by"]')).toHaveText(/\d/);
  await sortByRefundDeadline(page);
  await row.getByRole('link', { name: order.order_name }).click();
  await expect(page.getByText('Withdrawal (EU)')).toBeVisible();
  await expect(page.getByText(/the refund is due by/)).toBeVisible();
  await expectNoAxeViolations(page, 'console request of a withdrawal');
});

test('an Arabic shopper withdraws from one item, right to left, by keyboard and screen-reader names', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const order = await freshOrder(request, '1001');
  await openPortal(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('link', { name: 'الانسحاب من العقد هنا' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'الانسحاب من العقد' })).toBeVisible();

  await page.getByLabel('اسمك').fill('ليلى حداد');
  await page.getByRole('textbox', { name: 'رقم الطلب' }).fill(order.order_name);
  await page.getByLabel('البريد الإلكتروني').fill(order.email);
  await page.getByRole('radio', { name: 'بعض المنتجات' }).check();
  await page.getByRole('button', { name: 'عرض منتجات طلبي' }).click();
  const shirt = page.getByRole('checkbox', { name: /Linen Shirt/ });
  await shirt.focus();
  await page.keyboard.press('Space');
  await expect(shirt).toBeChecked();
  await expectNoAxeViolations(page, 'withdrawal step 1 (ar)');
  await page.getByRole('button', { name: 'متابعة' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'راجع انسحابك وأكّده' })).toBeFocused();
  await expect(page.getByText(/Linen Shirt ×1/)).toBeVisible();
  await expectNoAxeViolations(page, 'withdrawal step 2 (ar)');
  await shoot(page, 'withdrawal-ar-summary');
  await page.getByRole('button', { name: 'تأكيد الانسحاب' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'تم استلام الانسحاب' })).toBeVisible();
  const mail = await acknowledgement(request, order.email, await referenceIn(page));
  expect(mail.subject).toContain('إشعار باستلام انسحابك');
  expect(mail.text).toContain('Linen Shirt ×1');
  expect(mail.attachments).toHaveLength(1);
});

test('a declaration whose order was not found for its email shows in the console, and staff make its withdrawal request', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const order = await freshOrder(request, '1001');
  const name = `Nora Lindqvist ${String(Date.now() % 100_000)}`;
  const declared = await request.post(calls.declareWithdrawal.path, {
    data: {
      shop_url: DEMO_SHOP,
      order_number: order.order_name,
      email: 'nora.lindqvist@example.net',
      name,
      scope: 'order',
      lang: 'en',
    },
  });
  const { reference } = ((await declared.json()) as { data: { reference: string } }).data;

  await consoleSignIn(page, OWNER);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Withdrawals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('None: no order with this number for this email')).toBeVisible();
  await expectNoAxeViolations(page, 'console withdrawals');
  await shoot(page, 'console-withdrawals');

  await row.getByRole('button', { name: `Link to a request ${reference}` }).click();
  const dialog = page.getByRole('dialog', { name: `Link ${reference} to a request` });
  await dialog.getByRole('button', { name: 'Find the order' }).click();
  await expect(dialog.getByText(/This is not the email the declaration gave/)).toBeVisible();
  await expect(dialog.getByText(/A withdrawal request will be made for the whole order/)).toBeVisible();
  await expectNoAxeViolations(page, 'console withdrawal link dialog');
  await dialog.getByRole('button', { name: 'Make the withdrawal request' }).click();

  const linked = page.getByRole('status').filter({ hasText: `${reference} is linked to` });
  await expect(linked).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await linked.getByRole('link', { name: /^RMA-\d{6}$/ }).click();
  await expect(page.getByText('Withdrawal (EU)')).toBeVisible();
  await expect(page.getByText(`Withdrawal declaration linked: ${reference}`)).toBeVisible();
  await expect(page.getByText(`console:${OWNER.email}`)).toBeVisible();
});
