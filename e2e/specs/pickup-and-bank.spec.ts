import { expect, test, type Page } from '@playwright/test';
import { chooseItem, expectNoAxeViolations, freshOrder, loginWithOrder, shoot } from './support.js';

const DAY_MS = 86_400_000;

/**
 * The first and second days a pickup in New York can be booked, worked out here from the spec's rule and not with the
 * app's own code: weekdays from tomorrow, where "today" is New York's (the server's clock is real), whatever the
 * browser's zone.
 */
function bookableDays() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(Date.now());
  const weekday = new Intl.DateTimeFormat('en', { weekday: 'short', timeZone: 'UTC' });
  const days: string[] = [];
  for (let day = Date.parse(`${today}T00:00:00Z`) + DAY_MS; days.length < 2; day += DAY_MS)
    if (!['Sat', 'Sun'].includes(weekday.format(day))) days.push(new Date(day).toISOString().slice(0, 10));
  const [first = '', second = ''] = days;
  return { first, second };
}

/** "Monday, November 23rd, 2026" as the time card shows a date. */
const cardDate = (date: string) => {
  const at = new Date(`${date}T00:00:00Z`);
  const day = at.getUTCDate();
  const suffixes: Partial<Record<Intl.LDMLPluralRule, string>> = { one: 'st', two: 'nd', few: 'rd' };
  const suffix = suffixes[new Intl.PluralRules('en', { type: 'ordinal' }).select(day)] ?? 'th';
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' }).format(at);
  return `${part({ weekday: 'long' })}, ${part({ month: 'long' })} ${String(day)}${suffix}, ${String(at.getUTCFullYear())}`;
};

/** Picks a date and a slot in "Select pickup time": a date field on desktop, lists of days and slots on a phone. */
async function chooseTime(page: Page, date: string, slot: string) {
  const dialog = page.getByRole('dialog', { name: 'Select pickup time' });
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    const day = new Intl.DateTimeFormat('en', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
    await dialog.getByRole('radio', { name: day.format(new Date(`${date}T00:00:00Z`)), exact: true }).check();
    await dialog.getByRole('radio', { name: slot }).check();
  } else {
    // A date before the window is moved to its first day when the field loses focus.
    await dialog.getByLabel('Pickup date').fill('2020-01-01');
    await dialog.getByLabel('Pickup time').focus();
    await expect(dialog.getByLabel('Pickup date')).toHaveValue(bookableDays().first);
    await dialog.getByLabel('Pickup date').fill(date);
    await dialog.getByLabel('Pickup time').selectOption({ label: slot });
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

// A browser far west of New York (still yesterday there half of the day): the pickup's days and times are New York's.
test.describe('in a browser at GMT-12', () => {
  test.use({ timezoneId: 'Etc/GMT+12' });

  test('a shopper has #1001 picked up at home, changing the address and the time, then submits', async ({
    page,
    request,
  }) => {
    const { order_name } = await freshOrder(request, '1001');
    await loginWithOrder(page, order_name, 'alice@example.com');
    await chooseItem(page, order_name, 'Linen Shirt / M');
    await page.getByRole('radio', { name: /Refund to original payment method/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: /Carrier pickup/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { name: 'Schedule your pickup' })).toBeVisible();
    const addressCard = page.getByRole('region', { name: 'Pickup address' });
    await expect(addressCard).toContainText('350 5th Ave');
    await expect(addressCard).toContainText('+1 212-555-0101');
    await expect(page.getByText(/39 USC 401, 403, and 404/)).toBeVisible();
    await expectNoAxeViolations(page, 'pickup page');
    await shoot(page, 'pickup');

    await addressCard.getByRole('button', { name: 'Edit pickup address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit pickup address' });
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expectNoAxeViolations(page, 'pickup address dialog');
    await dialog.getByLabel('ZIP code').fill('1011');
    await expect(dialog.getByText('Origin zipcode format must be zzzzz[pppp]')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await dialog.getByLabel('Search for your address').fill('10001');
    await dialog.getByRole('button', { name: /10001/ }).first().click();
    await expect(dialog.getByLabel('ZIP code')).toHaveValue('10001');
    await dialog.getByLabel('Street address').fill('20 W 34th St');
    await dialog.getByLabel('Phone').fill('(212) 555 0199');
    await expect(dialog.getByLabel('Phone')).toHaveValue('212-555-0199');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(addressCard).toContainText('20 W 34th St');
    await expect(addressCard).toContainText('New York, NY, 10001');
    await expect(addressCard).toContainText('+1 212-555-0199');

    const { first, second } = bookableDays();
    const timeCard = page.getByRole('region', { name: 'Pickup time' });
    await expect(timeCard).toContainText('Times are in Eastern Time (New York)');
    await expect(timeCard).toContainText(cardDate(first));
    await expect(timeCard).toContainText('9:00 AM - 11:00 AM');
    await timeCard.getByRole('button', { name: 'Select pickup time' }).click();
    await chooseTime(page, second, '1:00 PM - 3:00 PM');
    await expect(timeCard).toContainText('1:00 PM - 3:00 PM');
    await expect(timeCard).toContainText(cardDate(second));

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Check your return request' })).toBeVisible();
    await expect(page.getByText(`${cardDate(second)}, 1:00 PM - 3:00 PM`)).toBeVisible();
    await page.getByRole('button', { name: 'Submit return request' }).click();
    await expect(page).toHaveURL(/\/status-manage\/return-details\/\d+$/);

    // Until the carrier comes, the shopper may still change the time on the status page.
    const statusTime = page.getByRole('region', { name: 'Pickup time' });
    await expect(statusTime).toContainText(cardDate(second));
    await expect(page.getByRole('region', { name: 'Pickup address' })).toContainText('20 W 34th St');
    await statusTime.getByRole('button', { name: 'Select pickup time' }).click();
    await expect(statusTime).toContainText('Times are in Eastern Time (New York)');
    await chooseTime(page, second, '3:00 PM - 5:00 PM');
    await expect(page.getByText('Modified successfully')).toBeVisible();
    await expect(statusTime).toContainText('3:00 PM - 5:00 PM');
  });
});

test('a shopper of #1004 is refunded by bank transfer: an invalid IBAN is refused, a valid one submits', async ({
  page,
  request,
}) => {
  const { order_name, email } = await freshOrder(request, '1004');
  await loginWithOrder(page, order_name, email);
  await chooseItem(page, order_name, 'Merino Sweater / M');
  await page.getByRole('radio', { name: /Bank transfer/ }).check();
  const form = page.getByRole('group', { name: 'Your bank account for the refund' });
  await expect(form.getByLabel('IBAN')).toBeVisible();
  await shoot(page, 'bank');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please provide required information')).toBeVisible();
  await expect(form.getByText('Required').first()).toBeVisible();
  await expectNoAxeViolations(page, 'bank form');

  await form.getByLabel('Full name').fill('Carol');
  await form.getByLabel('Surname').fill('Smith');
  await form.getByLabel('IBAN').fill('GB82 WEST 1234 5698 7654 33');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText('Please enter a valid IBAN')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Please select a return solution' })).toBeVisible();

  await form.getByLabel('IBAN').fill('gb82west12345698765432');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'How would you like to return item?' })).toBeVisible();
  // Carrier pickup is for orders shipped in the United States; #1004 went to London.
  await expect(page.getByRole('radio', { name: /Carrier pickup/ })).toHaveCount(0);
  await page.getByRole('radio', { name: /Ship on your own/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Bank account ending 5432')).toBeVisible();
  await page.getByRole('button', { name: 'Submit return request' }).click();
  await expect(page).toHaveURL(/\/status-manage\/return-details\/\d+$/);
  await expect(page.getByText('Bank transfer').first()).toBeVisible();
});
