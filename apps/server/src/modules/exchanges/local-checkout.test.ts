import { Code } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerSandbox, dearerExchange, openCheckout, pathOf, stripeTestApp } from '../../../test/checkout.js';
import { TEST_CARDS, type FakeStripe } from '../../../test/fakes/stripe-server.js';
import { buildTestApp, dialects, type TestApp } from '../../../test/helper.js';

describe.each(dialects)('the local checkout through the sandbox provider on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const payments = () => present(t.app.ctx.services.payments.sandbox, 'the sandbox provider').payments();

  it('sends the shopper to the provider’s page, and marks the draft paid only once the payment is captured', async () => {
    const { draft, shopId, sweater, stock, status, back } = await dearerExchange(t);
    const first = await openCheckout(t, draft.checkout_url);
    expect(first.page.statusCode).toBe(200);
    expect(first.payUrl).toContain('/sandbox-pay/');
    expect(await payments()).toEqual([
      expect.objectContaining({
        state: 'awaiting_shopper',
        capture: 'hold',
        amount: draft.total_price,
        idempotencyKey: `exchange-difference:${String(shopId)}:${draft.draft_order_id}`,
      }),
    ]);

    // Coming back by hand, whatever the address says, pays nothing: the server asks the provider.
    const forged = await openCheckout(t, `${draft.checkout_url}&paid=1&declined=0`);
    expect(forged.page.statusCode).toBe(200);
    expect(forged.payUrl).toBe(first.payUrl);
    expect(await status()).toBe('open');
    expect(await stock()).toBe(sweater.stock);

    const returned = await answerSandbox(t, first.payUrl, 'authorise');
    expect(pathOf(returned)).toBe(pathOf(draft.checkout_url));
    const paid = await openCheckout(t, returned);
    expect(paid.page.statusCode).toBe(303);
    expect(pathOf(String(paid.page.headers.location))).toBe(back);
    expect(await status()).toBe('paid');
    expect(await stock()).toBe(sweater.stock - 1);
    expect(await payments()).toEqual([
      expect.objectContaining({
        state: 'captured',
        capturedAmount: draft.total_price,
        settleKey: `exchange-difference:${String(shopId)}:${draft.draft_order_id}:capture`,
      }),
    ]);

    // The same link again says it is paid, and asks for nothing more.
    const again = await openCheckout(t, draft.checkout_url);
    expect(again.page.body).toContain('This order is paid.');
    expect(await payments()).toHaveLength(1);
  });

  it('leaves a declined payment’s draft unpaid, says so, and takes the same payment on a retry', async () => {
    const { draft, sweater, stock, status } = await dearerExchange(t);
    const { payUrl } = await openCheckout(t, draft.checkout_url);
    const declined = await openCheckout(t, await answerSandbox(t, payUrl, 'decline'));
    expect(declined.page.statusCode).toBe(200);
    expect(declined.page.body).toContain(
      '<p role="alert">Your payment did not go through, so nothing was charged. Your exchange is kept: please try again.</p>',
    );
    expect(declined.payUrl).toBe(payUrl);
    expect(await status()).toBe('open');
    expect(await stock()).toBe(sweater.stock);

    const paid = await openCheckout(t, await answerSandbox(t, declined.payUrl, 'authorise'));
    expect(paid.page.statusCode).toBe(303);
    expect(await status()).toBe('paid');
    expect(await payments()).toEqual([expect.objectContaining({ state: 'captured' })]);
  });

  it('takes nothing when the items sold out before the capture; asking again for them says "No stock"', async () => {
    const { draft, sweater, stock, status, askAgain } = await dearerExchange(t);
    const { payUrl } = await openCheckout(t, draft.checkout_url);
    // Someone else buys the last of that size while the shopper is on the provider's page.
    await t.db.updateTable('variants').set({ inventory_quantity: 0 }).where('id', '=', sweater.id).execute();
    const soldOut = await openCheckout(t, await answerSandbox(t, payUrl, 'authorise'));
    expect(soldOut.page.statusCode).toBe(409);
    expect(soldOut.page.body).toContain('Some of these items are no longer in stock. Nothing was charged.');
    expect(soldOut.page.body).toContain('Back to your exchange');
    expect(await payments()).toEqual([expect.objectContaining({ state: 'released', capturedAmount: 0 })]);
    expect(await status()).toBe('cancelled');
    expect(await stock()).toBe(0);
    expect((await askAgain()).body.code).toBe(Code.NoStock);
  });

  it('lets the hold go when the draft expired while the shopper was on the provider’s page', async () => {
    const { draft, sweater, stock, status } = await dearerExchange(t);
    const { payUrl } = await openCheckout(t, draft.checkout_url);
    // EXCHANGE_DRAFT_TTL_MINUTES is 60; the shopper's session (240 minutes) is still open.
    t.clock.advance(61 * 60_000);
    expect(await t.app.ctx.services.exchanges.expireAbandonedDrafts()).toBe(1);
    const late = await openCheckout(t, await answerSandbox(t, payUrl, 'authorise'));
    expect(late.page.statusCode).toBe(409);
    expect(late.page.body).toContain('This checkout is no longer open. Nothing was charged.');
    expect(await payments()).toEqual([expect.objectContaining({ state: 'released', capturedAmount: 0 })]);
    expect(await status()).toBe('cancelled');
    expect(await stock()).toBe(sweater.stock);
  });
});

describe.each(dialects)('the local checkout through Stripe (local fake) on %s', (dialect) => {
  let t: TestApp;
  let stripe: FakeStripe;
  beforeEach(async () => {
    ({ t, stripe } = await stripeTestApp(dialect));
  });
  afterEach(async () => {
    await t.close();
    await stripe.close();
  });

  it('pays the difference on Stripe’s hosted page: one authorisation and one capture, after a declined card', async () => {
    const { draft, sweater, stock, status, back } = await dearerExchange(t);
    const { payUrl } = await openCheckout(t, draft.checkout_url);
    expect(payUrl.startsWith(`${stripe.baseUrl}/`)).toBe(true);

    // A declined card stays on Stripe's page; the checkout, asked again, still waits for the payment.
    expect((await stripe.submitCard(payUrl, TEST_CARDS.declined)).location).toBeNull();
    const waiting = await openCheckout(t, draft.checkout_url);
    expect(waiting.payUrl).toBe(payUrl);
    expect(await status()).toBe('open');

    const { location } = await stripe.submitCard(payUrl, present(TEST_CARDS.ok[0], 'a card'));
    const paid = await openCheckout(t, present(location, 'the way back'));
    expect(paid.page.statusCode).toBe(303);
    expect(pathOf(String(paid.page.headers.location))).toBe(back);
    expect(await status()).toBe('paid');
    expect(await stock()).toBe(sweater.stock - 1);
    // Coming back again changes nothing at Stripe.
    await openCheckout(t, present(location, 'the way back'));
    expect(stripe.log.map((entry) => `${entry.kind} ${String(entry.amount)}`)).toEqual([
      'decline 0',
      `authorisation ${String(draft.total_price)}`,
      `capture ${String(draft.total_price)}`,
    ]);
  });

  it('keeps the draft open when the capture gets no answer, and a retry captures it once', async () => {
    const { draft, sweater, stock, status } = await dearerExchange(t);
    const { payUrl } = await openCheckout(t, draft.checkout_url);
    const { location } = await stripe.submitCard(payUrl, present(TEST_CARDS.ok[0], 'a card'));
    const back = present(location, 'the way back');
    stripe.faults.fail = { count: Infinity, status: 503, only: /\/capture$/ };
    const failed = await openCheckout(t, back);
    expect(failed.page.statusCode).toBe(502);
    expect(failed.page.body).toContain('We could not reach the payment provider.');
    expect(await status()).toBe('open');
    // Held for the payment meanwhile: nobody else gets the unit the shopper authorised.
    expect(await stock()).toBe(sweater.stock - 1);

    stripe.faults.fail = { count: 0, status: 503 };
    expect((await openCheckout(t, back)).page.statusCode).toBe(303);
    expect(await status()).toBe('paid');
    expect(await stock()).toBe(sweater.stock - 1);
    expect(stripe.log.map((entry) => entry.kind)).toEqual(['authorisation', 'capture']);
  });
});
