import { expect, test } from '@playwright/test';
import type { calls } from '@return-center/contract';
import { prefillReturnForm, shoot, shopWithSettings, signedInShopperOf, withBootData, type Reply } from './support.js';

test('the login page wears the merchant brand and texts', async ({ page, request }) => {
  const { shop } = await shopWithSettings(request, (settings) => {
    settings.style.portal_top_content = { type: 'text', value: 'Acme Returns', url: 'https://acme.example/' };
    settings.style.return_page_primary_color = '#0a7d4f';
    settings.style.primary_btn_text_color = '#fffbe6';
    settings.style.login_pop_up = { corner_radius: 12, opacity: 90 };
    settings.text.order_confirm_button_name = 'Find my order';
    settings.text.order_order_number = 'Your order #';
    settings.text.hide_merchant_contact_information = 1;
    settings.text.return_policy_link = { type: 'url', value: 'https://acme.example/returns', content: '' };
    settings.text.return_policy_link_text_name = 'Our return rules';
    settings.custom_css = '.rc-brand { letter-spacing: 3px }';
    settings.is_remove_brand = 1;
  });
  await page.goto(`/?shop=${shop}`);
  await expect(page.getByRole('link', { name: 'Acme Returns' })).toHaveAttribute('href', 'https://acme.example/');
  const button = page.getByRole('button', { name: 'Find my order' });
  await expect(button).toHaveCSS('background-color', 'rgb(10, 125, 79)');
  await expect(button).toHaveCSS('color', 'rgb(255, 251, 230)');
  await expect(button).toHaveCSS('border-radius', '12px');
  await expect(page.getByRole('textbox', { name: 'Your order #' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Our return rules' })).toHaveAttribute(
    'href',
    'https://acme.example/returns',
  );
  await expect(page.getByText(/Need help\? Contact/)).toBeHidden();
  await expect(page.getByText('Acme Returns')).toHaveCSS('letter-spacing', '3px');
  await expect(page.getByText('Powered by Return Center')).toBeHidden();
});

test('the demo shop wears its own brand: logo and name in the header, its picture beside the card or above it', async ({
  page,
}) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Fernhill Supply Co.', { exact: true })).toBeVisible();
  // The logo is decorative beside the name, so it is no image to a screen reader.
  await expect(banner.getByRole('img')).toHaveCount(0);
  await expect(banner.locator('img.rc-logo')).toHaveAttribute('src', '/catalogue/demo-logo.svg');
  await expect(page.getByText('Return Center', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Powered by Return Center')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Your Return' })).toHaveCSS(
    'background-color',
    'rgb(31, 77, 58)',
  );

  const hero = page.locator('.rc-login-hero');
  await expect(hero).toHaveCSS('background-image', /demo-login\.svg/);
  const card = page.getByRole('region', { name: 'Fernhill Supply Co.' });
  const [heroBox, cardBox] = [await hero.boundingBox(), await card.boundingBox()];
  if (!heroBox || !cardBox) throw new Error('the picture and the card are both drawn');
  if ((page.viewportSize()?.width ?? 1280) >= 1024) expect(heroBox.x + heroBox.width).toBeLessThanOrEqual(cardBox.x);
  else expect(heroBox.y + heroBox.height).toBeLessThanOrEqual(cardBox.y);
  await shoot(page, 'login');
});

test('the exchange page wears its own title from the store configuration', async ({ page, request }) => {
  const shop = await shopWithSettings(request, (settings) => {
    settings.style.ex_product_page = { logo: '', title: 'Swap it for something you love' };
  });
  const shopper = await signedInShopperOf(page, request, shop);
  await prefillReturnForm(page, shopper, { solution_id: 5, shipping_method_id: null });
  await page.goto(`/exchange-other-goods/${shopper.orderId}`);
  await expect(page.getByRole('heading', { name: 'Swap it for something you love' })).toBeVisible();
});

test('the themeColor query parameter overrides the primary colour', async ({ page }) => {
  await page.goto(`/?themeColor=${encodeURIComponent('#aa2200')}`);
  await expect(page.getByText('Powered by Return Center')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Your Return' })).toHaveCSS(
    'background-color',
    'rgb(170, 34, 0)',
  );
});

test('email and order number in the URL prefill the login form', async ({ page }) => {
  await page.goto(`/?order_number=${encodeURIComponent('#1001')}&email=${encodeURIComponent('alice@example.com')}`);
  await expect(page.getByRole('textbox', { name: 'Order number' })).toHaveValue('#1001');
  await expect(page.getByLabel('Email address')).toHaveValue('alice@example.com');
});

test('a store that answers 402 is retried three times, then reported unavailable', async ({ page }) => {
  let calls = 0;
  // Without the configuration in the page, so that the portal asks for it.
  await withBootData(page, () => null);
  await page.route('**/go-api/v1/client/getConfig', (route) => {
    calls += 1;
    return route.fulfill({ json: { code: 402, msg: 'This store is not available', data: null } });
  });
  await page.goto('/process-manage/select/1');
  await expect(page.getByRole('alert')).toHaveText('This store is not available.', { timeout: 15_000 });
  expect(calls).toBe(4);
  await expect(page).toHaveURL(/\/$/);
});

test('switching language fetches the merchant texts for that language', async ({ page }) => {
  await page.route('**/go-api/v1/client/pageSetting', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Reply<typeof calls.pageSetting>;
    body.data.text.confirm_button_name = 'Commencer maintenant';
    await route.fulfill({ response, json: body });
  });
  await page.goto('/');
  await page.getByRole('tab', { name: 'Email code' }).click();
  await page.getByLabel('Language').selectOption('fr');
  await expect(page.getByRole('button', { name: 'Commencer maintenant' })).toBeVisible();
});

test('a configuration that fails for another reason is only logged: the portal carries on with its defaults', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await withBootData(page, () => null);
  await page.route('**/go-api/v1/client/getConfig', (route) =>
    route.fulfill({ status: 500, json: { code: 1099, msg: 'Server error', data: null } }),
  );
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Start Your Return' })).toBeVisible();
  await expect(page.getByText('This store is not available.')).toBeHidden();
  expect(warnings.some((text) => text.includes('Store configuration failed to load'))).toBe(true);
});
