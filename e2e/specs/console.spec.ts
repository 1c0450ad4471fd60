import { expect, test, type Page } from '@playwright/test';
import {
  consoleSignIn,
  expectNoAxeViolations,
  freshOrder,
  loginWithOrder,
  shoot,
  shopWithOwner,
  signedInShopper,
  submitShirtReturn,
} from './support.js';

/** The demo shop's console owner (apps/server/src/demo/demo-shop.ts), printed by `npm start` in the demo. */
const OWNER = { email: 'owner@demo-shop.example', password: 'demo-owner-password' };

/** A real 1×1 PNG; the server decodes and re-encodes it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
  'base64',
);

/** A shopper's return of the Linen Shirt with a photo, through the portal; answers the order name and request id. */
async function shopperReturnsTheShirt(page: Page, request: Parameters<typeof freshOrder>[0]) {
  const { order_name } = await freshOrder(request, '1001');
  await loginWithOrder(page, order_name, 'alice@example.com');
  await page.getByRole('article', { name: order_name }).getByRole('link', { name: 'Create return' }).click();
  await page.getByRole('checkbox', { name: 'Linen Shirt / M' }).click();
  const dialog = page.getByRole('dialog', { name: 'Why are you returning this item?' });
  await dialog.getByRole('radio', { name: "Doesn't suit me" }).check();
  await dialog.getByLabel('Return description').fill('Too tight on the shoulders');
  await dialog.getByLabel('Add photos').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /Refund to original payment method/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /Ship on your own/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Submit return request' }).click();
  await page.waitForURL(/\/status-manage\/return-details\/\d+/);
  return { orderName: order_name, requestId: Number(new URL(page.url()).pathname.split('/').pop()) };
}

test('a merchant finds a return in the console, sees its photo, approves, receives and refunds it', async ({
  page,
  request,
}) => {
  const { orderName, requestId } = await shopperReturnsTheShirt(page, request);
  const statusPage = page.url();

  await consoleSignIn(page, OWNER);
  await expect(page.getByRole('button', { name: /Pending review \d+/ })).toBeVisible();
  await page.getByLabel('Order number or email').fill(orderName);
  await page.getByLabel('Order number or email').press('Enter');
  await expect(page).toHaveURL(/q=/);
  const row = page.getByRole('link', { name: orderName, exact: true });
  await expect(row).toBeVisible();
  await shoot(page, 'console-queue');
  await expectNoAxeViolations(page, 'console queue');
  // From the keyboard: j to the first row, Enter to open it.
  await page.getByRole('heading', { name: 'Requests' }).click();
  await page.keyboard.press('j');
  await expect(row).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: new RegExp(`Order ${orderName}`) })).toBeVisible();
  await expect(page.getByText('Too tight on the shoulders')).toBeVisible();
  const photo = page.getByRole('img', { name: 'Photo 1 of Linen Shirt / M' });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await photo.click();
  const lightbox = page.getByRole('dialog', { name: 'Photos of Linen Shirt / M' });
  await expect(lightbox.getByRole('img')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
  await shoot(page, 'console-request');
  await expectNoAxeViolations(page, 'console request');

  // Only what the state allows is offered; each asks first.
  await expect(page.getByRole('button', { name: 'Mark received' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Approve' }).click();
  const confirm = page.getByRole('dialog', { name: `Approve the return of ${orderName}?` });
  await expectNoAxeViolations(page, 'console confirm dialog');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(page.locator('.request-meta').getByText('Approved')).toBeVisible();

  await page.getByRole('button', { name: 'Mark received' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark received' }).click();
  await expect(page.locator('.request-meta').getByText('Received')).toBeVisible();

  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: `Refund the return of ${orderName}?` });
  const amount = refund.getByLabel('Amount (USD)');
  await expect(amount).toHaveValue('47.63');
  // More than was computed is refused before anything is sent.
  await amount.fill('99.00');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(refund.getByText('Enter an amount above zero and at most $47.63')).toBeVisible();
  await amount.fill('47.63');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(page.locator('.request-meta').getByText('Completed')).toBeVisible();
  await expect(page.getByRole('row', { name: /Paid out \(refunded\)/ })).toContainText('$47.63', { timeout: 20_000 });
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText(OWNER.email).first()).toBeVisible();
  await expect(timeline.getByText(/Email sent: Your return RMA-\d+ is approved/)).toBeVisible({ timeout: 20_000 });

  await page.goto(statusPage);
  await expect(page.getByText('Refunded', { exact: true })).toBeVisible({ timeout: 20_000 });
  expect(requestId).toBeGreaterThan(0);
});

test('the console signs in and out, guards its pages, and each screen passes axe and its CSP', async ({ page }) => {
  // Not even a refused attempt, which the browser reports to the merchant's devtools (zod probing `new Function` was).
  const refused: string[] = [];
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.warn(`CSP refused ${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}`),
    ),
  );
  page.on('console', (message) => {
    if (message.text().startsWith('CSP refused')) refused.push(message.text());
  });
  await page.goto('/admin/keys');
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fkeys/);
  await shoot(page, 'console-sign-in');
  await expectNoAxeViolations(page, 'console sign-in');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password');
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back where it was headed.
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
  await expectNoAxeViolations(page, 'console keys');
  await shoot(page, 'console-keys');
  for (const [link, heading] of [
    ['Staff', 'Staff'],
    ['Account', 'Your account'],
  ] as const) {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expectNoAxeViolations(page, `console ${link}`);
    await shoot(page, `console-${link.toLowerCase()}`);
  }
  await page.goto('/admin/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  // A request that does not exist: the merchant API answers 404 now, and the page says what it always said.
  await page.goto('/admin/requests/2147483000');
  await expect(page.getByRole('alert')).toContainText('Request error, the resource was not found');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the returns desk' })).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expectNoAxeViolations(page, 'console forgot password');
  // The pages an emailed link opens; a link that no longer works says so when sent.
  await page.goto('/admin/reset#token=an-old-link-that-no-longer-works-at-all');
  await expectNoAxeViolations(page, 'console reset password');
  await page.getByLabel('New password', { exact: true }).fill('a long enough password');
  await page.getByLabel('The same password again').fill('a long enough password');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByRole('alert')).toContainText('This link has expired or was already used');
  await page.goto('/admin/invite#token=an-old-link-that-no-longer-works-at-all');
  await expect(page.getByRole('heading', { name: 'Join the returns desk' })).toBeVisible();
  await expectNoAxeViolations(page, 'console invite');
  expect(refused).toEqual([]);
});

test('requests picked in the queue are approved together, with progress', async ({ page, request }) => {
  const orders: string[] = [];
  for (let i = 0; i < 2; i++) {
    const shopper = await signedInShopper(page, request);
    await submitShirtReturn(request, shopper);
    orders.push(shopper.orderName);
  }
  await consoleSignIn(page, OWNER);
  await page.getByRole('button', { name: /^Pending review/ }).click();
  for (const order of orders) await page.getByRole('checkbox', { name: `Pick ${order}` }).check();
  await page.getByRole('button', { name: 'Approve 2 requests' }).click();
  await page.getByRole('dialog', { name: 'Approve 2 requests?' }).getByRole('button', { name: 'Approve' }).click();
  // Approved requests leave the Pending review tab.
  for (const order of orders) await expect(page.getByRole('link', { name: order, exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: /^Approved/ }).click();
  for (const order of orders) await expect(page.getByRole('link', { name: order, exact: true })).toBeVisible();
});

test('an API key made in the console works with the merchant API until it is revoked', async ({ page, request }) => {
  await consoleSignIn(page, OWNER);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'API keys' }).click();
  await page.getByLabel('Name').fill(`Warehouse ${String(test.info().parallelIndex)}-${String(Date.now())}`);
  await page.getByRole('button', { name: 'Create a key' }).click();
  const key = (await page.locator('code.secret').textContent()) ?? '';
  expect(key).toMatch(/^rc_/);
  const list = () => request.get('/merchant/v1/requests', { headers: { authorization: `Bearer ${key}` } });
  expect((await list()).status()).toBe(200);
  const row = page.getByRole('row').filter({ hasText: `…${key.slice(-4)}` });
  await row.getByRole('button', { name: /Revoke/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveCount(0);
  expect((await list()).status()).toBe(401);
});

/** Nothing sticks out sideways (390 px on the phone), and every cell of every table lies within the window. */
async function expectFitsTheWindow(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  for (const cell of await page.locator('td').all()) {
    const box = await cell.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, `a cell within ${String(width)} px`).toBe(true);
  }
}

test('the Staff page does not scroll sideways, and every column of it is readable', async ({ page }) => {
  await consoleSignIn(page, shopWithOwner());
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click();
  const accounts = page.getByRole('table', { name: 'Accounts of the shop' });
  await expect(accounts).toBeVisible();
  await expectFitsTheWindow(page);
  // Each column's name shows: as a header on a wide screen, beside each value on a phone.
  const secondFactor = accounts.getByRole('columnheader', { name: 'Second factor' });
  await expect(secondFactor.or(accounts.getByRole('cell', { name: 'Second factor Off' }))).toBeVisible();
});

test('the owner sees a pending invitation and revokes it by keyboard; its link stops working', async ({
  page,
  request,
}) => {
  // A shop of its own (two operator commands), two axe runs and a sign-out: longer than most.
  test.setTimeout(60_000);
  const owner = shopWithOwner();
  await consoleSignIn(page, owner);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  const invitee = `invitee-${String(Date.now())}@${owner.shop}`;
  await page.getByLabel('Email').fill(invitee);
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  const pending = page.getByRole('table', { name: 'Invitations not yet accepted' });
  await expect(pending.getByRole('row').filter({ hasText: invitee })).toBeVisible();
  await expectFitsTheWindow(page);
  await expectNoAxeViolations(page, 'console staff with an invitation');
  await shoot(page, 'console-staff-invitations');

  // Keyboard only: the Revoke button opens a confirmation; Escape keeps the invitation, Enter on Revoke ends it.
  const revoke = page.getByRole('button', { name: `Revoke the invitation of ${invitee}` });
  await revoke.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Revoke the invitation of ${invitee}?` });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'console revoke invitation');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(revoke).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Revoke' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('No invitation is waiting to be accepted.')).toBeVisible();

  // The mailed link no longer works (opened signed out, as the invitee would).
  let token = '';
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/dev/mailbox?to=${encodeURIComponent(invitee)}`)).json()) as {
        text: string;
      }[];
      token = /#token=([\w-]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
      return token;
    })
    .not.toBe('');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the returns desk' })).toBeVisible();
  await page.goto(`/admin/invite#token=${token}`);
  await page.getByLabel('Your name').fill('Invitee');
  await page.getByLabel('New password', { exact: true }).fill('a long enough password');
  await page.getByLabel('The same password again').fill('a long enough password');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('alert')).toContainText('This link has expired or was already used');
});
