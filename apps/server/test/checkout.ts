import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './helper.js';

/** Our site's part of an absolute URL of it (the provider's pages send the shopper back to PUBLIC_URL). */
export const pathOf = (url: string) => {
  const { pathname, search } = new URL(url, 'http://localhost');
  return `${pathname}${search}`;
};

const unescape = (html: string) =>
  html.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<');

/** The local checkout page at `url` (as the portal sends the shopper there), and where its Pay link goes, if shown. */
export async function openCheckout(t: TestApp, url: string): Promise<{ page: LightMyRequestResponse; payUrl: string }> {
  const page = await t.app.inject({ method: 'GET', url: pathOf(url) });
  const href = /<a class="button" href="([^"]+)">Pay /.exec(page.body)?.[1];
  return { page, payUrl: href ? unescape(href) : '' };
}

/** What a browser does on the sandbox's pay page at `payUrl`: posts its form. Answers where it is sent. */
export async function answerSandbox(t: TestApp, payUrl: string, answer: 'authorise' | 'decline'): Promise<string> {
  const link = new URL(payUrl);
  const posted = await t.app.inject({
    method: 'POST',
    url: link.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ sig: link.searchParams.get('sig') ?? '', answer }).toString(),
  });
  expect(posted.statusCode).toBe(303);
  return String(posted.headers.location);
}

/**
 * Pays a draft at the local checkout through the sandbox's page, as the shopper's browser does: the checkout's Pay
 * link, _Authorise_, and the way back to the checkout. Answers that last page (303 to the exchange page once paid).
 */
export async function payAtCheckout(t: TestApp, checkoutUrl: string): Promise<LightMyRequestResponse> {
  const { payUrl } = await openCheckout(t, checkoutUrl);
  expect(payUrl).toContain('/sandbox-pay/');
  return (await openCheckout(t, await answerSandbox(t, payUrl, 'authorise'))).page;
}
