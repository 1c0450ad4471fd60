import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { freshOrder } from './support.js';

/** Keeps a screenshot of the screen with the report, and checks it with axe in Arabic too. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(`ar-${name}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${name}: ${v.id}`)).toEqual([]);
}

test('every screen reads right to left in Arabic', async ({ page, request }, testInfo) => {
  const { order_name } = await freshOrder(request, '1001');
  await page.goto('/');
  await page.getByLabel('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('button', { name: 'ابدأ الإرجاع' })).toBeVisible();
  // The header is mirrored: the brand sits on the right, the language menu on the left.
  const brand = await page.getByText('Return Center', { exact: true }).first().boundingBox();
  const language = await page.getByRole('combobox', { name: 'اللغة' }).boundingBox();
  expect(brand!.x).toBeGreaterThan(language!.x);
  await shot(page, testInfo, 'login');
  await page.getByRole('button', { name: 'سياسة الإرجاع' }).click();
  await expect(page.getByRole('dialog', { name: 'الأسئلة الشائعة حول الإرجاع والاستبدال' })).toBeVisible();
  await shot(page, testInfo, 'policy-dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'رمز عبر البريد' }).click();
  await shot(page, testInfo, 'login-email-code');
  await page.getByRole('tab', { name: 'رقم الطلب' }).click();

  await page.getByRole('textbox', { name: 'رقم الطلب' }).fill(order_name);
  await page.getByRole('textbox', { name: 'البريد الإلكتروني' }).fill('alice@example.com');
  await page.getByRole('button', { name: 'ابدأ الإرجاع' }).click();
  await expect(page.getByRole('heading', { name: 'الطلبات' })).toBeVisible();
  await page.getByRole('button', { name: 'عرض', exact: true }).click();
  await expect(page.getByText('هذا المنتج غير قابل للإرجاع')).toBeVisible();
  await shot(page, testInfo, 'orders');

  await page.getByRole('link', { name: 'إنشاء إرجاع' }).click();
  await expect(page.getByRole('heading', { name: 'ما الذي تريد إرجاعه؟' })).toBeVisible();
  await shot(page, testInfo, 'select');
  await page.getByRole('button', { name: 'اختيار Linen Shirt / M' }).click();
  await page.getByRole('radio', { name: "Doesn't suit me" }).check();
  await shot(page, testInfo, 'reason-dialog');
  await page.getByRole('button', { name: 'حفظ' }).click();
  await page.getByRole('button', { name: 'متابعة' }).click();
  await expect(page.getByRole('heading', { name: 'يرجى اختيار حل للإرجاع' })).toBeVisible();
  await page.getByRole('radio', { name: /استرداد إلى وسيلة الدفع الأصلية/ }).check();
  await shot(page, testInfo, 'solution');
  await page.getByRole('button', { name: 'متابعة' }).click();
  await page.getByRole('radio', { name: /الشحن بنفسك/ }).check();
  await shot(page, testInfo, 'method');
  await page.getByRole('button', { name: 'متابعة' }).click();
  await expect(page.getByRole('heading', { name: 'راجع طلب الإرجاع' })).toBeVisible();
  await expect(page.getByTestId('total-refund')).toHaveText('$47.63');
  await shot(page, testInfo, 'check');
  await page.getByRole('button', { name: 'إرسال طلب الإرجاع' }).click();
  await expect(page.getByText('قيد المعالجة، بانتظار مراجعة التاجر')).toBeVisible();
  await shot(page, testInfo, 'status');
  const requestId = page.url().split('/').pop();
  await page.goto(`/process/${requestId}`);
  await expect(page.getByRole('heading', { name: 'الإرجاع قيد المعالجة بالفعل' })).toBeVisible();
  await shot(page, testInfo, 'already-processing');
  await page.goto(`/exchange-other-goods/${requestId}`);
  await expect(page.getByRole('heading', { name: 'قريبًا' })).toBeVisible();
  await shot(page, testInfo, 'exchange');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('Hebrew is right to left too, and the choice survives a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Language').selectOption('he');
  await expect(page.getByRole('button', { name: 'התחלת החזרה' })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'התחלת החזרה' })).toBeVisible();
});
