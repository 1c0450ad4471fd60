import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Envelope, ShopSettings } from '@return-center/contract';
import { consoleSignIn, expectNoAxeViolations, present, shoot, shopWithOwner } from './support.js';

/** The demo shop's console owner and merchant key (apps/server/src/demo/demo-shop.ts), in the demo only. */
const OWNER = { email: 'owner@demo-shop.example', password: 'demo-owner-password' };
const merchant = { authorization: 'Bearer demo-merchant-key' };

/** The settings as the merchant API has them now, with the version (ETag) a save must name. */
async function readSettings(
  request: APIRequestContext,
  headers = merchant,
): Promise<{ settings: ShopSettings; etag: string }> {
  const response = await request.get('/merchant/v1/settings', { headers });
  const etag = present(response.headers().etag, 'the settings ETag');
  return { settings: ((await response.json()) as Envelope<ShopSettings>).data, etag };
}

/** A change through the merchant API over the newest version only (If-Match from a fresh GET), as a colleague's. */
async function changeSettings(
  request: APIRequestContext,
  headers: { authorization: string },
  change: (settings: ShopSettings) => void,
) {
  const { settings, etag } = await readSettings(request, headers);
  change(settings);
  const saved = await request.put('/merchant/v1/settings', {
    headers: { ...headers, 'if-match': etag },
    data: settings,
  });
  expect(saved.ok()).toBe(true);
}

async function openSettings(page: Page, account: { email: string; password: string } = OWNER) {
  await consoleSignIn(page, account);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const preview = page.frameLocator('iframe[title^="Preview of the portal"]');
  await expect(preview.getByRole('button', { name: 'Start Your Return' })).toBeVisible();
  return preview;
}

test('the preview follows the form before saving; the contract’s issues show at their fields and in a summary', async ({
  page,
  request,
}) => {
  const before = (await readSettings(request)).settings;
  const preview = await openSettings(page);
  await expectNoAxeViolations(page, 'console settings');
  await shoot(page, 'console-settings');

  const primary = page.getByRole('textbox', { name: 'Primary colour', exact: true });
  await primary.fill('#7a1f5c');
  await expect(preview.getByRole('button', { name: 'Start Your Return' })).toHaveCSS(
    'background-color',
    'rgb(122, 31, 92)',
  );

  // White text on yellow fails AA: a warning, and a darker yellow that carries white text, applied by a click.
  await primary.fill('#f5c400');
  const warning = page.getByText(/Button text on this colour has a contrast of 1\.\d+:1/);
  await expect(warning).toBeVisible();
  await page.getByRole('button', { name: /Use the darker shade #[0-9a-f]{6}/ }).click();
  await expect(warning).toBeHidden();
  const shade = await primary.inputValue();
  expect(shade).toMatch(/^#[0-9a-f]{6}$/);
  const rgb = [1, 3, 5].map((i) => parseInt(shade.slice(i, i + 2), 16)).join(', ');
  await expect(preview.getByRole('button', { name: 'Start Your Return' })).toHaveCSS('background-color', `rgb(${rgb})`);
  await expect(preview.getByRole('button', { name: 'Start Your Return' })).toHaveCSS('color', 'rgb(255, 255, 255)');

  const origins = page.getByRole('textbox', { name: 'Sites that may embed the portal' });
  await origins.fill('shop.example');
  await expect(page.getByText('shop.example: an origin like https://shop.example')).toBeVisible();
  await expect(origins).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('textbox', { name: 'Return window' }).fill('two weeks');
  await expect(page.getByText('Enter a number, like 12 or 4.95')).toBeVisible();

  await page.getByRole('button', { name: 'Save settings' }).click();
  const summary = page.getByRole('heading', { name: '2 settings need fixing before saving' });
  await expect(summary).toBeFocused();
  await page.getByRole('link', { name: 'Sites that may embed the portal' }).click();
  await expect(origins).toBeFocused();
  // Nothing was sent: the shop's settings are as they were, and the draft is still on the page.
  expect((await readSettings(request)).settings.style.return_page_primary_color).toBe(
    before.style.return_page_primary_color,
  );
  await expect(origins).toHaveValue('shop.example');
});

// These save settings: each works on a shop of its own, so tests running beside them never see their changes.
test.describe('saving', () => {
  const note = () => `Free returns for 30 days (${randomBytes(3).toString('hex')})`;
  const noteField = (page: Page) => page.getByRole('textbox', { name: 'Note under the button (order number tab)' });

  test('a saved change shows on the portal', async ({ page }) => {
    const shop = shopWithOwner();
    const text = note();
    const preview = await openSettings(page, shop);
    await noteField(page).fill(text);
    await expect(preview.getByText(text)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Saved. Shoppers see these settings now.')).toBeVisible();

    await page.goto(`/?shop=${shop.shop}`);
    await expect(page.getByRole('button', { name: 'Start Your Return' })).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
  });

  test('the merchant changes the theme colour and the logo, and the portal shows them', async ({ page, baseURL }) => {
    const shop = shopWithOwner();
    await openSettings(page, shop);
    await page.getByRole('textbox', { name: 'Primary colour', exact: true }).fill('#7a1f5c');
    await page.getByRole('radio', { name: 'Logo' }).check();
    const logo = `${present(baseURL, 'baseURL')}/catalogue/sun-hat.svg`;
    await page.getByRole('textbox', { name: 'Logo URL', exact: true }).fill(logo);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Saved. Shoppers see these settings now.')).toBeVisible();

    await page.goto(`/?shop=${shop.shop}`);
    const start = page.getByRole('button', { name: 'Start Your Return' });
    await expect(start).toHaveCSS('background-color', 'rgb(122, 31, 92)');
    const header = page.getByRole('banner').locator('img.rc-logo');
    await expect(header).toHaveAttribute('src', logo);
    await expect.poll(() => header.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('the return window takes 1 to 30 days, and refund amounts can be hidden from shoppers', async ({
    page,
    request,
  }) => {
    const shop = shopWithOwner();
    const headers = { authorization: `Bearer ${shop.apiKey}` };
    await openSettings(page, shop);
    const window = page.getByRole('textbox', { name: 'Return window' });
    await window.fill('60');
    await expect(page.getByText('Enter 30 or less', { exact: true })).toBeVisible();
    await expect(window).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('heading', { name: '1 setting needs fixing before saving' })).toBeFocused();
    await window.fill('-5');
    await expect(page.getByText('Enter 1 or more', { exact: true })).toBeVisible();
    await window.fill('14');
    await page.getByRole('checkbox', { name: 'Hide refund amounts from shoppers' }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Saved. Shoppers see these settings now.')).toBeVisible();

    const { settings, etag } = await readSettings(request, headers);
    expect(settings.return_setting.return_window_days).toBe(14);
    expect(settings.hidden_refund).toBe(1);
    // The API refuses what the console refuses, naming the field, with a status a REST client sees as a failure.
    const refused = await request.put('/merchant/v1/settings', {
      headers: { ...headers, 'if-match': etag },
      data: { ...settings, return_setting: { ...settings.return_setting, return_window_days: 60 } },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as Envelope<{ errors: unknown[] }>).data.errors).toEqual([
      { field: 'return_setting.return_window_days', message: 'A return window is 1 to 30 days' },
    ]);

    await page.goto(`/?shop=${shop.shop}`);
    await expect(
      page.getByText('You have a maximum of 14 days from the date of your purchase to make a return.'),
    ).toBeVisible();
  });

  test('a save over someone else’s newer save is refused, and theirs load only when asked', async ({
    page,
    request,
  }) => {
    const shop = shopWithOwner();
    const headers = { authorization: `Bearer ${shop.apiKey}` };
    const text = note();
    await openSettings(page, shop);
    await noteField(page).fill(`Mine: ${text}`);
    // A colleague saves through the merchant API after this page read the settings.
    await changeSettings(request, headers, (settings) => {
      settings.text.order_bottom_description = `Theirs: ${text}`;
    });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('alert')).toContainText('Someone saved these settings after you opened them.');
    // Who saved and what they changed, field by field, with their value and mine.
    await expect(page.getByRole('alert')).toContainText('They were saved through the merchant API at');
    const field = page.getByRole('group', { name: 'text.order_bottom_description' });
    await expect(field).toContainText(`Theirs: ${text}`);
    await expect(field.getByRole('radio', { name: 'Keep mine' })).toBeChecked();
    await expect(noteField(page)).toHaveValue(`Mine: ${text}`);
    expect((await readSettings(request, headers)).settings.text.order_bottom_description).toBe(`Theirs: ${text}`);

    await page.getByRole('button', { name: 'Load their settings' }).click();
    await expect(noteField(page)).toHaveValue(`Theirs: ${text}`);
    await expect(page.getByText('Someone saved these settings after you opened them.')).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toHaveCount(0);
  });
});
