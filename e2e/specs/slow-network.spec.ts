import { expect, test, type Page } from '@playwright/test';
import { freshOrder, loginWithOrder, walkToCheckStep } from './support.js';

const late = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A phone on a slow network: every JavaScript chunk arrives 800 ms late and the submit answer 600 ms late. The status
 * page's chunk is held until the submit has answered, as when it was not fetched ahead of time.
 */
async function slowNetwork(page: Page) {
  let submitAnswered!: () => void;
  const answered = new Promise<void>((resolve) => (submitAnswered = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    if (/\/status-page-[^/]+\.js$/.test(route.request().url())) await answered;
    await late(800);
    await route.continue();
  });
  await page.route(/\/v1\/client\/setReturnOrder$/, async (route) => {
    const response = await route.fetch();
    await late(600);
    await route.fulfill({ response });
    submitAnswered();
  });
}

// Every chunk is 800 ms late here by design, so this test gets more time than the others.
test.setTimeout(60_000);

test('after submitting on a slow network the shopper reaches the status page and stays there', async ({
  page,
  request,
}) => {
  const { order_name } = await freshOrder(request, '1001');
  await slowNetwork(page);
  await loginWithOrder(page, order_name, 'alice@example.com');
  const orderId = await walkToCheckStep(page, order_name);

  await page.getByRole('button', { name: 'Submit return request' }).click();
  await expect(page.getByText('In process, pending merchant review')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/status-manage\/return-details\/\d+$/);

  // The stored form is reset after the spec's 200 ms; the shopper must still be on the status page afterwards.
  await expect.poll(() => page.evaluate((id) => localStorage.getItem(`return-form:${id}`), orderId)).toBeNull();
  await expect(page).toHaveURL(/\/status-manage\/return-details\/\d+$/);
  await expect(page.getByText('In process, pending merchant review')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What would you like to return?' })).toBeHidden();
});
