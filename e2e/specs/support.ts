import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Reads the newest verification code mailed to `email` from the dev mailbox. */
export async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as {
        text: string;
      }[];
      code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

export async function loginWithOrder(page: Page, orderNumber: string, email: string) {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Order number' }).click();
  await page.getByRole('textbox', { name: 'Order number' }).fill(orderNumber);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Start Your Return' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
}

/** A fresh copy of a demo order that this test alone changes. */
export async function freshOrder(
  request: APIRequestContext,
  template: string,
): Promise<{ order_name: string; email: string }> {
  const response = await request.post('/dev/demo-orders', { data: { template } });
  return (await response.json()).data;
}
