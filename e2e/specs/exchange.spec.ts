import { expect, test } from '@playwright/test';
import { chooseItem, freshOrder, loginWithOrder, present, shoot } from './support.js';

test('a shopper exchanges the Canvas Sneakers of #1001 from size 42 to 43, an even swap', async ({ page, request }) => {
  const { order_name } = await freshOrder(request, '1001');
  await loginWithOrder(page, order_name, 'alice@example.com');
  await chooseItem(page, order_name, 'Canvas Sneakers / 42');

  await page.getByRole('radio', { name: /Exchange/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your exchange' })).toBeVisible();
  // The sold-out size says so; the server has the last word on stock.
  await expect(page.getByRole('option', { name: '44 — sold out' })).toBeAttached();
  await page.getByLabel('Size').selectOption('43');
  await expect(page.getByText(/^\d+ in stock$/)).toBeVisible();
  await page.getByRole('button', { name: 'Add to exchange' }).click();
  await expect(page.getByText('Remaining credit')).toBeVisible();
  await shoot(page, 'exchange');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'How would you like to return item?' })).toBeVisible();
  await page.getByRole('radio', { name: /Ship on your own/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your return request' })).toBeVisible();
  await expect(page.getByText(/Canvas Sneakers \/ 43/)).toBeVisible();
  // The demo shop adds 10% for an exchange instead of money back: $86.51 for the pair, plus $8.65.
  await expect(page.getByRole('row', { name: /Bonus credit/ })).toContainText('$8.65');
  await page.getByRole('button', { name: 'Submit return request' }).click();

  await expect(page).toHaveURL(/\/status-manage\/return-details\/\d+$/);
  await expect(page.getByText('In process, pending merchant review')).toBeVisible();
  const badge = page.locator('.rc-status__headline .rc-badge');
  await expect(badge).toHaveAttribute('data-tone', 'new');
  await expect(badge).toHaveAttribute('data-progress', 'incomplete');
  const exchange = page.getByRole('heading', { name: 'You receive instead' }).locator('..');
  await expect(exchange.getByText('Canvas Sneakers / 43')).toBeVisible();
  // Another size of the same shoe costs nothing; the bonus is what is left of the credit.
  await expect(exchange.getByRole('row', { name: /Remaining credit/ })).toContainText('$6.16');
  // An exchange pays nothing back: no refund total, and the new item's title keeps to its line beside "× 1".
  await expect(page.getByRole('row', { name: /Total refund/ })).toHaveCount(0);
  const line = exchange.getByRole('listitem').filter({ hasText: 'Canvas Sneakers / 43' });
  const title = present(await line.getByText('Canvas Sneakers / 43').boundingBox(), 'title box');
  const count = present(await line.getByText('× 1').boundingBox(), 'quantity box');
  expect(title.height).toBeLessThanOrEqual(count.height + 1);
  expect(title.x + title.width).toBeLessThanOrEqual(count.x);

  // Approved, the exchange is an order of the shop, and the status page names it.
  const id = present(/(\d+)$/.exec(page.url())?.[1], 'request id');
  const approved = await request.post(`/merchant/v1/requests/${id}/approve`, {
    headers: { authorization: 'Bearer demo-merchant-key' },
  });
  expect(approved.status()).toBe(200);
  const named = new RegExp(`^Your exchange order: ${order_name}-E\\d+$`);
  // The order is made by a job: reload until the page, once loaded, names it (a loaded machine takes seconds a load).
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0, { timeout: 10_000 });
    await expect(exchange.getByText(named)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(badge).toHaveAttribute('data-tone', 'info');
  await expect(badge).toHaveAttribute('data-progress', 'partiallyComplete');
  await shoot(page, 'exchange-approved');
  await page.getByRole('link', { name: 'Back to orders' }).click();
  const card = page.getByRole('article', { name: order_name });
  await expect(card.locator('.rc-badge')).toHaveText(/Approved: complete the return/);
  await expect(card.locator('.rc-badge')).toHaveAttribute('data-tone', 'info');
});

test('the cart bar never hides the Quick view button a keyboard shopper moves to', async ({ page, request }) => {
  const { order_name } = await freshOrder(request, '1001');
  await loginWithOrder(page, order_name, 'alice@example.com');
  await chooseItem(page, order_name, 'Linen Shirt / M');
  await page.getByRole('radio', { name: /Exchange/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Browse other products' }).click();
  await expect(page.getByText(/^Products shown: \d+$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your exchange cart' })).toBeVisible();
  const quickViews = page.getByRole('region', { name: 'All products' }).getByRole('button', { name: /^Quick view: / });
  const count = await quickViews.count();
  await quickViews.first().focus();
  // Tab from card to card: the page scrolls each button into view, and it must not end up under the cart bar.
  for (let i = 0; i < count; i++) {
    const seen = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const r = element.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return { name: element.getAttribute('aria-label'), uncovered: hit !== null && element.contains(hit) };
    });
    expect(seen.name).toMatch(/^Quick view: /);
    expect(seen.uncovered, `${seen.name ?? ''} is under the cart bar`).toBe(true);
    await page.keyboard.press('Tab');
  }
  await quickViews.last().click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a shopper exchanges the Linen Shirt of #1001 for a dearer sweater and pays the difference at the checkout', async ({
  page,
  request,
}) => {
  const { order_name } = await freshOrder(request, '1001');
  await loginWithOrder(page, order_name, 'alice@example.com');
  await chooseItem(page, order_name, 'Linen Shirt / M');
  await page.getByRole('radio', { name: /Exchange/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // The catalogue of other goods: search it, look closer, add a size.
  await page.getByRole('link', { name: 'Browse other products' }).click();
  await expect(page.getByRole('heading', { name: 'Exchange for other goods' })).toBeVisible();
  await expect(page.getByText(/^Products shown: \d+$/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search products' }).fill('merino');
  await expect(page.getByText('Products shown: 1')).toBeVisible();
  await shoot(page, 'catalogue', { fullPage: false });
  await expect(page).toHaveURL(/\?q=merino$/);
  await page.getByRole('button', { name: 'Quick view: Merino Sweater' }).click();
  const quickView = page.getByRole('dialog', { name: 'Merino Sweater' });
  await expect(quickView.getByText('Price $99.00')).toBeVisible();
  await quickView.getByRole('button', { name: 'Add to exchange' }).click();
  await expect(page.getByRole('region', { name: 'Your exchange cart' })).toContainText('Items: 1');
  await page.getByRole('link', { name: 'Done choosing' }).click();

  // $99.00 for a shirt bought for less: the difference is paid at the store's checkout through the payments
  // provider's page (declined once, then retried), and the exchange page checks it.
  await expect(page.getByRole('heading', { name: 'Choose your exchange' })).toBeVisible();
  const pay = page.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ });
  const due = (await pay.textContent())?.replace('Pay ', '') ?? '';
  await pay.click();
  await expect(page.getByRole('heading', { name: /pay for your exchange/ })).toBeVisible();
  await page.getByRole('link', { name: `Pay ${due}` }).click();
  await expect(page.getByRole('heading', { name: /^Authorise a card hold of / })).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Your payment did not go through, so nothing was charged. Your exchange is kept: please try again.',
  );
  await page.getByRole('link', { name: `Pay ${due}` }).click();
  await page.getByRole('button', { name: /^Authorise / }).click();
  await expect(page.getByText(`The difference of ${due} is paid.`)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('radio', { name: /Ship on your own/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your return request' })).toBeVisible();
  await expect(page.getByText(/Merino Sweater \/ S/)).toBeVisible();
  await page.getByRole('button', { name: 'Submit return request' }).click();

  await expect(page).toHaveURL(/\/status-manage\/return-details\/\d+$/);
  const exchange = page.getByRole('heading', { name: 'You receive instead' }).locator('..');
  await expect(exchange.getByText('Merino Sweater / S')).toBeVisible();
  await expect(exchange.getByRole('row', { name: /New items total/ })).toContainText('$99.00');
});
