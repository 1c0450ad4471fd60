import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { merchantPath, type Envelope, type MerchantRequest } from '@return-center/contract';
import { consoleSignIn, loginWithOrder, present, shopWithOwner } from './support.js';

const DAY = 86_400;

/** An order of the shop's own store, pushed through the merchant API as its store would. */
async function pushOrder(
  request: APIRequestContext,
  headers: { authorization: string },
  order: { name: string; email: string; lines: { title: string; price: number; collections: string[] }[] },
) {
  const now = Math.floor(Date.now() / 1000);
  const pushed = await request.put(merchantPath('upsertOrder', `rules-${randomBytes(4).toString('hex')}`), {
    headers,
    data: {
      name: order.name,
      email: order.email,
      currency: 'USD',
      created_at: now - 5 * DAY,
      delivered_at: now - 2 * DAY,
      lines: order.lines.map((line, index) => ({ id: `li-${String(index)}`, quantity: 1, ...line })),
    },
  });
  expect(pushed.ok(), await pushed.text()).toBe(true);
}

/** Writes one rule in the console's editor: its name, then what `build` fills in, then Done. */
async function addRule(page: Page, name: string, build: (editor: Locator) => Promise<void>) {
  await page.getByRole('button', { name: 'Add a rule' }).click();
  const editor = page.getByRole('region', { name: 'Rule' });
  await editor.getByLabel('Name').fill(name);
  await build(editor);
  await editor.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('switch', { name: `Use “${name}”` })).toBeVisible();
}
const condition = async (editor: Locator, field: string) => {
  await editor.getByRole('button', { name: 'Add a condition' }).click();
  await editor.getByLabel('Looks at').last().selectOption(field);
};
const does = async (editor: Locator, type: string) => {
  await editor.getByLabel('Does').last().selectOption(type);
};

/** Another shopper signs in on this tab: the one before is signed out first. */
async function signInAs(page: Page, shop: string, order: string, email: string) {
  await page.goto(`/?shop=${shop}`);
  await page.evaluate(() => sessionStorage.clear());
  await loginWithOrder(page, order, email, shop);
}

/** From the orders page to step 1 of a return of `order`. */
const openReturn = (page: Page, order: string) =>
  page.getByRole('article', { name: order }).getByRole('link', { name: 'Create return' }).click();

/** From step 1: one item ("Doesn't suit me"), a refund, and `method`, up to step 4. */
async function chooseReturn(page: Page, item: string, method: RegExp) {
  await page.getByRole('checkbox', { name: item }).click();
  await page.getByRole('dialog').getByRole('radio', { name: "Doesn't suit me" }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /Refund to original payment method/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('total-refund')).toBeVisible();
}

test('a merchant writes return rules in the console, tries them, saves them, and shoppers and the desk follow them', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = shopWithOwner();
  const headers = { authorization: `Bearer ${owner.apiKey}` };
  const sale = (title: string) => ({ title, price: 3000, collections: ['Sale'] });
  await pushOrder(request, headers, {
    name: '#2001',
    email: 'erin@example.com',
    lines: [{ title: 'Trail Jacket', price: 22_000, collections: ['Outerwear'] }, sale('Sale Cap')],
  });
  await pushOrder(request, headers, {
    name: '#2002',
    email: 'finn@example.com',
    lines: [{ title: 'Wool Socks', price: 2000, collections: ['Socks'] }],
  });
  await pushOrder(request, headers, { name: '#2003', email: 'mallory@example.com', lines: [sale('Sun Hat')] });
  await pushOrder(request, headers, { name: '#2004', email: 'gail@example.com', lines: [sale('Beach Towel')] });

  // History before any rule: Gail returns a Sale item.
  await signInAs(page, owner.shop, '#2004', 'gail@example.com');
  await openReturn(page, '#2004');
  await chooseReturn(page, 'Beach Towel', /Ship on your own/);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/return-details\/\d+$/);

  // The merchant writes the rules.
  await consoleSignIn(page, owner);
  await page.getByRole('link', { name: 'Rules' }).click();
  await addRule(page, 'Items in the Sale collection cannot be returned', async (editor) => {
    await condition(editor, 'collection');
    await editor.getByLabel('Values (one per line or comma-separated)').fill('Sale');
    await editor.getByLabel(/^Text \(for every language/).fill('Sale items are final sale.');
  });
  await addRule(page, 'Orders over $200 wait for review', async (editor) => {
    await condition(editor, 'order_value');
    await editor.getByLabel('Value').fill('200');
    await does(editor, 'flag');
    await editor.getByLabel('Reason for staff').fill('Over $200');
  });
  await addRule(page, 'Others are approved automatically', (editor) => does(editor, 'auto_approve'));
  await addRule(page, 'A $5 return shipping fee for label returns, waived for exchanges', async (editor) => {
    await condition(editor, 'method');
    await editor.getByLabel('Prepaid label').check();
    await does(editor, 'return_shipping_fee');
    await editor.getByLabel('Exchanges').check();
  });
  await addRule(page, 'Refund automatically when the parcel is received', (editor) => does(editor, 'auto_refund'));
  await addRule(page, 'Block the emails on my list', async (editor) => {
    await condition(editor, 'on_block_list');
    await does(editor, 'block');
    await editor.getByLabel('Reason for staff').fill('On my list');
  });
  await page.getByLabel('Emails (a@b.com, or *@b.com for a whole domain)').fill('mallory@example.com');

  // Tried on the shop's history first: Gail's Sale item would now be denied.
  await page.getByRole('button', { name: 'Try the rules' }).click();
  await expect(page.getByText('Of 1 requests, 1 would be decided differently.')).toBeVisible();
  await page.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Saved. Shoppers and the desk follow these rules now.')).toBeVisible();

  // Erin: the Sale Cap is refused with the shop's words; the jacket pays the label fee and waits for review.
  await signInAs(page, owner.shop, '#2001', 'erin@example.com');
  await openReturn(page, '#2001');
  await expect(page.getByText('Sale items are final sale.')).toBeVisible();
  await chooseReturn(page, 'Trail Jacket', /Label from the merchant/);
  await expect(page.getByText('-$5.00').first()).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/return-details\/\d+$/);
  const erinRequest = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByText('$5.00').first()).toBeVisible();

  // Finn: approved without a person, then refunded as soon as the parcel is received.
  await signInAs(page, owner.shop, '#2002', 'finn@example.com');
  await openReturn(page, '#2002');
  await chooseReturn(page, 'Wool Socks', /Ship on your own/);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/return-details\/\d+$/);
  const finnRequest = Number(new URL(page.url()).pathname.split('/').pop());
  const merchantView = async (id: number) =>
    ((await (await request.get(merchantPath('get', id), { headers })).json()) as Envelope<MerchantRequest>).data;
  await expect.poll(async () => (await merchantView(finnRequest)).status, { timeout: 20_000 }).toBe(2);
  expect((await request.post(merchantPath('receive', finnRequest), { headers, data: {} })).ok()).toBe(true);
  await expect.poll(async () => (await merchantView(finnRequest)).refund_state, { timeout: 20_000 }).toBe('refunded');
  const finn = await merchantView(finnRequest);
  expect(finn.events.map((event) => event.actor)).toEqual(
    expect.arrayContaining([
      'rule: Others are approved automatically',
      'rule: Refund automatically when the parcel is received',
    ]),
  );

  // Mallory is on the list: nothing of hers can be returned, and she is not told why.
  await signInAs(page, owner.shop, '#2003', 'mallory@example.com');
  // Her order offers nothing to return; looking at it says only that the item is not eligible.
  const hers = page.getByRole('article', { name: '#2003' });
  await expect(hers.getByRole('link', { name: 'Create return' })).toHaveCount(0);
  await hers.getByRole('button', { name: 'View' }).click();
  await expect(page.getByText('This item is not eligible for return')).toBeVisible();
  await expect(page.getByText(/list/i)).toHaveCount(0);

  // At the desk (the console's session is still open): Erin's request waits, flagged.
  await page.goto(`/admin/requests/${String(erinRequest)}`);
  await expect(page.getByText('Flagged: Over $200 (rule: Orders over $200 wait for review)')).toBeVisible();
  const erin = present(await merchantView(erinRequest), 'Erin’s request');
  expect(erin.status).toBe(1);
});
