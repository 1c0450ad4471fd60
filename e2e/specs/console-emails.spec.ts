import { expect, test, type APIRequestContext } from '@playwright/test';
import { merchantPath, type calls, type ShopSettings } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import {
  consoleSignIn,
  expectNoAxeViolations,
  shoot,
  shopWithOwner,
  signedInShopperOf,
  type Reply,
} from './support.js';

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const mailsTo = async (request: APIRequestContext, to: string) =>
  (await (await request.get(`/dev/mailbox?to=${encodeURIComponent(to)}&limit=200`)).json()) as Mail[];

test('a merchant edits the German "approved" email in the console; a German shopper gets it in the shop\'s brand', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = shopWithOwner();
  const headers = { authorization: `Bearer ${owner.apiKey}` };
  await consoleSignIn(page, owner);
  const storeName = (await page.locator('.brand span').first().textContent()) ?? '';
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Emails' }).click();
  await expect(page.getByRole('heading', { name: 'Emails', level: 1 })).toBeVisible();

  await page.getByLabel('Email', { exact: true }).selectOption({ label: 'Approved' });
  await page.getByLabel('Language').selectOption({ label: 'Deutsch' });
  const editor = page.getByRole('region', { name: 'Approved' });
  const subject = editor.getByLabel('Subject');
  const body = editor.getByLabel('Text', { exact: true });
  await expect(subject).toHaveValue('Ihre Rücksendung {{ rma }} ist genehmigt');
  await expect(editor.getByText('The default text is sent in this language.')).toBeVisible();

  // A broken template is refused at its field, and nothing is saved.
  await subject.fill('Genehmigt: {{ rma');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.locator('.field .error')).toContainText('not closed');
  await expect(subject).toHaveAttribute('aria-invalid', 'true');

  // The edited German text, with a variable put in by its button: the preview follows as it is typed.
  await subject.fill('Genehmigt: ');
  await editor.getByRole('button', { name: 'Insert rma' }).click();
  await expect(subject).toHaveValue('Genehmigt: {{ rma }}');
  await body.fill('Hallo! Ihre Rücksendung bei {{ store_name }} ist genehmigt. Bitte gut verpacken.');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByTestId('preview-subject')).toHaveText('Genehmigt: RMA-000042');
  const frame = page.frameLocator('iframe[title="Email preview"]');
  await expect(frame.getByText(`Hallo! Ihre Rücksendung bei ${storeName} ist genehmigt.`)).toBeVisible();
  await expect(frame.getByRole('link', { name: 'Rücksendung ansehen' })).toBeVisible();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('status')).toHaveText('Saved: this email now goes out as shown.');
  await expect(page.getByLabel('Language').locator('option:checked')).toHaveText('Deutsch (edited)');

  // A test to the signed-in owner's own address.
  await editor.getByRole('button', { name: 'Send me a test' }).click();
  await expect(editor.getByRole('status')).toHaveText(`Test sent to ${owner.email}.`);
  await expect
    .poll(async () => (await mailsTo(request, owner.email)).map((m) => m.subject))
    .toContain('[Test] Genehmigt: RMA-000042');
  // The preview's frame runs no script, so axe cannot enter it; it is the email, checked above, not the console.
  await expectNoAxeViolations(page, 'console emails', 'iframe[title="Email preview"]');
  await shoot(page, 'console-emails');

  // A German shopper's return, approved: the dev mailbox has the edited German email in the shop's brand.
  const shopperContext = await browser.newContext();
  const shopper = await signedInShopperOf(await shopperContext.newPage(), request, { shop: owner.shop, headers });
  await shopperContext.close();
  const submitted = await request.post('/v1/client/setReturnOrder', {
    headers: shopper.headers,
    data: oneLineReturn(
      { orderId: shopper.orderId, lineId: shopper.shirtLineId, idempotencyKey: `e2e-emails-${shopper.orderId}` },
      { fields: { shipping_method_id: 2, language: 'de' } },
    ),
  });
  const requestId = ((await submitted.json()) as Reply<typeof calls.setReturnOrder>).data.request_id;
  const approved = await request.post(merchantPath('approve', requestId), { headers, data: {} });
  expect(approved.ok(), await approved.text()).toBe(true);
  const rma = `RMA-${String(requestId).padStart(6, '0')}`;
  let mail: Mail | undefined;
  await expect
    .poll(
      async () => {
        mail = (await mailsTo(request, 'erin@example.com')).find((m) => m.subject === `Genehmigt: ${rma}`);
        return mail?.subject;
      },
      { timeout: 30_000 },
    )
    .toBe(`Genehmigt: ${rma}`);
  const settings = (await (await request.get('/merchant/v1/settings', { headers })).json()) as { data: ShopSettings };
  expect(mail?.text).toContain(`Hallo! Ihre Rücksendung bei ${storeName} ist genehmigt. Bitte gut verpacken.`);
  expect(mail?.text).toMatch(/Rücksendung ansehen: http/);
  expect(mail?.html).toContain(settings.data.style.return_page_primary_color);
  expect(mail?.html).toContain(storeName);

  // Reset to default, after a confirmation: the German default is back.
  await editor.getByRole('button', { name: 'Reset to default' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset "Approved" to the default?' });
  await dialog.getByRole('button', { name: 'Reset to default' }).click();
  await expect(editor.getByRole('status')).toHaveText('Reset: the default text is sent again.');
  await expect(subject).toHaveValue('Ihre Rücksendung {{ rma }} ist genehmigt');
  await expect(page.getByLabel('Language').locator('option:checked')).toHaveText('Deutsch');
});
