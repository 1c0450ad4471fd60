import { calls } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dearerExchange, openCheckout, payAtCheckout, stripeTestApp } from '../../../test/checkout.js';
import { TEST_CARDS, type FakeStripe } from '../../../test/fakes/stripe-server.js';
import { buildTestApp, dialects, type TestApp } from '../../../test/helper.js';
import { Outbox } from '../jobs/outbox.js';

/**
 * A difference paid on the local store goes back to the shopper's card when its draft is cancelled (ADR 047): here,
 * when the shopper picks again after paying (the new draft replaces the paid one). A rejected request's draft is
 * exchange-submit.test.ts's.
 */
describe.each(dialects)('a paid difference given back through the sandbox provider on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const payments = () => present(t.app.ctx.services.payments.sandbox, 'the sandbox provider').payments();
  const refunds = () => t.db.selectFrom('sandbox_refunds').select(['amount', 'idempotency_key']).execute();

  /** Alice pays the difference, then asks for the same sweater again from a new return form (another key). */
  async function paidThenReplaced() {
    const exchange = await dearerExchange(t);
    expect((await payAtCheckout(t, exchange.draft.checkout_url)).statusCode).toBe(303);
    const again = { ...exchange.choice, idempotency_key: 'a-new-return-form' };
    const replacing = (await t.call(calls.createDraftOrder, again, exchange.token)).body.data;
    expect(replacing.draft_order_id).not.toBe(exchange.draft.draft_order_id);
    expect(await exchange.status()).toBe('cancelled');
    return exchange;
  }

  it('gives the whole difference back to the card once the paid draft is replaced, and only once', async () => {
    const { draft, shopId, sweater, stock, choice } = await paidThenReplaced();
    expect(await payments()).toEqual([expect.objectContaining({ state: 'captured', refundedAmount: 0 })]);
    await t.app.ctx.worker.runDue();
    expect(await payments()).toEqual([
      expect.objectContaining({ capturedAmount: draft.total_price, refundedAmount: draft.total_price }),
    ]);
    expect(await refunds()).toEqual([
      {
        amount: draft.total_price,
        idempotency_key: `exchange-difference:${String(shopId)}:${draft.draft_order_id}:refund`,
      },
    ]);
    // The replaced draft's unit went back; the job queued again (a retry, another cause) refunds nothing more.
    expect(await stock()).toBe(sweater.stock);
    await new Outbox(t.db, t.clock).enqueue(
      t.db,
      'exchange.difference-refunds',
      { shopId, orderId: choice.order_id },
      'again',
    );
    await t.app.ctx.worker.runDue();
    expect(await refunds()).toHaveLength(1);
  });

  it('says so on the replaced draft’s checkout link, which gives the money back itself, once', async () => {
    const { draft } = await paidThenReplaced();
    const late = await openCheckout(t, draft.checkout_url);
    expect(late.page.statusCode).toBe(409);
    expect(late.page.body).toMatch(/your payment was taken, so we have refunded .+ to your card\./);
    await t.app.ctx.worker.runDue();
    expect(await refunds()).toHaveLength(1);
    expect(await payments()).toEqual([expect.objectContaining({ refundedAmount: draft.total_price })]);
  });
});

describe.each(dialects)('a paid difference given back through Stripe (local fake) on %s', (dialect) => {
  let t: TestApp;
  let stripe: FakeStripe;
  beforeEach(async () => {
    ({ t, stripe } = await stripeTestApp(dialect));
  });
  afterEach(async () => {
    await t.close();
    await stripe.close();
  });

  it('refunds the captured difference at Stripe once, even when the first refund’s answer is lost', async () => {
    const exchange = await dearerExchange(t);
    const { payUrl } = await openCheckout(t, exchange.draft.checkout_url);
    const { location } = await stripe.submitCard(payUrl, present(TEST_CARDS.ok[0], 'a card'));
    expect((await openCheckout(t, present(location, 'the way back'))).page.statusCode).toBe(303);
    const again = { ...exchange.choice, idempotency_key: 'a-new-return-form' };
    await t.call(calls.createDraftOrder, again, exchange.token);
    stripe.faults.dropAnswer = { count: 1, only: /^POST \/v1\/refunds$/ };
    await t.app.ctx.worker.runDue();
    await t.app.ctx.worker.runDue();
    const total = String(exchange.draft.total_price);
    expect(stripe.log.map((entry) => `${entry.kind} ${String(entry.amount)}`)).toEqual([
      `authorisation ${total}`,
      `capture ${total}`,
      `refund ${total}`,
    ]);
  });
});
