import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { prefillReturnForm, signedInShopper, submitShirtReturn } from './support.js';

/** Keeps a screenshot of the screen with the report, and checks it reads right to left and passes axe in Arabic. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await testInfo.attach(`ar-${name}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${name}: ${v.id}`)).toEqual([]);
}

// One test per screen or small group of screens, each starting where it needs to be, so none runs long.

test('the login page, its tabs and the policy dialog read right to left in Arabic', async ({ page }, testInfo) => {
  await page.goto('/');
  await page.getByLabel('Language').selectOption('ar');
  await expect(page.getByRole('button', { name: 'ابدأ الإرجاع' })).toBeVisible();
  // The header is mirrored: the brand sits on the right, the language menu on the left (once the direction applied).
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const brand = page.getByRole('banner').getByText('Fernhill Supply Co.', { exact: true });
  const language = page.getByRole('combobox', { name: 'اللغة' });
  await expect
    .poll(async () => ((await brand.boundingBox())?.x ?? 0) - ((await language.boundingBox())?.x ?? 0))
    .toBeGreaterThan(0);
  await shot(page, testInfo, 'login');
  await page.getByRole('button', { name: 'سياسة الإرجاع' }).click();
  await expect(page.getByRole('dialog', { name: 'الأسئلة الشائعة حول الإرجاع والاستبدال' })).toBeVisible();
  await shot(page, testInfo, 'policy-dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'رمز عبر البريد' }).click();
  await expect(page.getByRole('tab', { name: 'رمز عبر البريد' })).toHaveAttribute('aria-selected', 'true');
  await shot(page, testInfo, 'login-email-code');
});

test('signing in by order number in Arabic leads to the orders page, right to left', async ({
  page,
  request,
}, testInfo) => {
  const { orderName } = await signedInShopper(page, request, 'ar');
  await page.evaluate(() => sessionStorage.removeItem('return-token'));
  await page.goto('/');
  await page.getByRole('textbox', { name: 'رقم الطلب' }).fill(orderName);
  await page.getByRole('textbox', { name: 'البريد الإلكتروني' }).fill('alice@example.com');
  await page.getByRole('button', { name: 'ابدأ الإرجاع' }).click();
  await expect(page.getByRole('heading', { name: 'الطلبات' })).toBeVisible();
  await page.getByRole('button', { name: 'عرض', exact: true }).click();
  await expect(page.getByText('هذا المنتج غير قابل للإرجاع')).toBeVisible();
  await shot(page, testInfo, 'orders');
});

test('step 1 and the reason dialog read right to left in Arabic', async ({ page, request }, testInfo) => {
  const shopper = await signedInShopper(page, request, 'ar');
  await page.goto(`/process-manage/select/${shopper.orderId}`);
  await expect(page.getByRole('heading', { name: 'ما الذي تريد إرجاعه؟' })).toBeVisible();
  await shot(page, testInfo, 'select');
  await page.getByRole('checkbox', { name: 'Linen Shirt / M' }).click();
  // The merchant's default reasons come in the shopper's language too ("Doesn't suit me").
  await page.getByRole('radio', { name: 'لا يناسبني' }).check();
  await shot(page, testInfo, 'reason-dialog');
});

test('steps 2 and 3 read right to left in Arabic', async ({ page, request }, testInfo) => {
  const shopper = await signedInShopper(page, request, 'ar');
  await prefillReturnForm(page, shopper, { solution_id: 1, shipping_method_id: 2 });
  await page.goto(`/process-manage/solution/${shopper.orderId}`);
  await expect(page.getByRole('radio', { name: /استرداد إلى وسيلة الدفع الأصلية/ })).toBeChecked();
  await shot(page, testInfo, 'solution');
  await page.getByRole('button', { name: 'متابعة' }).click();
  await expect(page.getByRole('radio', { name: /الشحن بنفسك/ })).toBeChecked();
  await shot(page, testInfo, 'method');
});

test('step 4 reads right to left in Arabic, with the amounts the server computed', async ({
  page,
  request,
}, testInfo) => {
  const shopper = await signedInShopper(page, request, 'ar');
  await prefillReturnForm(page, shopper, { solution_id: 1, shipping_method_id: 2 });
  await page.goto(`/process-manage/refund-check/${shopper.orderId}`);
  await expect(page.getByRole('heading', { name: 'راجع طلب الإرجاع' })).toBeVisible();
  await expect(page.getByTestId('total-refund')).toHaveText('$47.63');
  await shot(page, testInfo, 'check');
});

test('submitting in Arabic leads to the status page, right to left', async ({ page, request }, testInfo) => {
  const shopper = await signedInShopper(page, request, 'ar');
  await prefillReturnForm(page, shopper, { solution_id: 1, shipping_method_id: 2 });
  await page.goto(`/process-manage/refund-check/${shopper.orderId}`);
  await page.getByRole('button', { name: 'إرسال طلب الإرجاع' }).click();
  await expect(page.getByText('قيد المعالجة، بانتظار مراجعة التاجر')).toBeVisible();
  await shot(page, testInfo, 'status');
});

test('the exchange catalogue and the already-processing page read right to left in Arabic', async ({
  page,
  request,
}, testInfo) => {
  const shopper = await signedInShopper(page, request, 'ar');
  await prefillReturnForm(page, shopper, { solution_id: 5, shipping_method_id: null });
  await page.goto(`/exchange-other-goods/${shopper.orderId}`);
  await expect(page.getByRole('heading', { name: 'الاستبدال بسلع أخرى' })).toBeVisible();
  await expect(page.getByText(/^المنتجات المعروضة: \d+$/)).toBeVisible();
  await shot(page, testInfo, 'exchange');
  const requestId = await submitShirtReturn(request, shopper);
  await page.goto(`/process/${requestId}`);
  await expect(page.getByRole('heading', { name: 'الإرجاع قيد المعالجة بالفعل' })).toBeVisible();
  await shot(page, testInfo, 'already-processing');
});

test('Hebrew is right to left too, and the choice survives a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Language').selectOption('he');
  await expect(page.getByRole('button', { name: 'התחלת החזרה' })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'התחלת החזרה' })).toBeVisible();
});
