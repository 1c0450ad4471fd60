import { calls, SolutionId } from '@return-center/contract';
import { present } from '@return-center/domain';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { LocalStorePlatform } from '../src/adapters/store-platform/local.js';
import type { Dialect } from '../src/db/database.js';
import { startFakeStripe } from './fakes/stripe-server.js';
import { buildTestApp, patchSettings, shop, type TestApp } from './helper.js';

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

/**
 * Alice's dearer exchange on a fresh app (issue 36 point 3, ADR 047): the Linen Shirt of #1001 for a Merino Sweater,
 * whose open draft she pays at the local checkout through the payments provider.
 */
export async function dearerExchange(t: TestApp) {
  await patchSettings(t, (settings) => {
    settings.solutions = [SolutionId.RefundOriginal, SolutionId.Exchange];
    settings.return_setting.credit_bonus.value = 0;
  });
  const token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' })).body
    .data.token;
  const orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], '#1001').id;
  const shirt = present(
    (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data.yes.find((l) => l.title === 'Linen Shirt'),
    'the shirt',
  );
  const shopId = (await t.db.selectFrom('shops').select('id').where('shop_url', '=', shop).executeTakeFirstOrThrow())
    .id;
  const platform = new LocalStorePlatform(t.db, t.clock);
  const sweater = present(
    (await platform.listProducts(shopId, { search: 'merino sweater', limit: 1 })).products[0]?.variants.find(
      (v) => v.stock > 0,
    ),
    'a sweater in stock',
  );
  const choice = {
    order_id: orderId,
    refund_line_items: [{ line_item_id: shirt.line_item_id, quantity: 1 }],
    exchange_line_items: [{ variant_id: sweater.id, quantity: 1 }],
    idempotency_key: 'dearer-exchange-key',
  };
  const draft = (await t.call(calls.createDraftOrder, choice, token)).body.data;
  expect(draft).toMatchObject({ status: 'open' });
  expect(draft.total_price).toBeGreaterThan(0);
  const stock = async () =>
    (
      await t.db
        .selectFrom('variants')
        .select('inventory_quantity')
        .where('id', '=', sweater.id)
        .executeTakeFirstOrThrow()
    ).inventory_quantity;
  return {
    draft,
    token,
    /** What the portal asked the draft for; another idempotency key makes another draft, which replaces this one. */
    choice,
    shopId,
    sweater,
    stock,
    /** The draft as the portal reads it on the way back. */
    status: async () =>
      (await t.call(calls.getDraftOrder, { order_id: orderId, draft_order_id: draft.draft_order_id }, token)).body.data
        .status,
    askAgain: () => t.call(calls.createDraftOrder, choice, token),
    back: `/process-manage/exchange/${String(orderId)}?shop=${encodeURIComponent(shop)}&draft=${draft.draft_order_id}`,
  };
}

/** A test app whose payments provider is Stripe, through the local fake it starts first; close both after. */
export async function stripeTestApp(dialect: Dialect) {
  const stripe = await startFakeStripe();
  const t = await buildTestApp(dialect, {
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_BASE_URL: stripe.baseUrl,
  });
  return { t, stripe };
}
