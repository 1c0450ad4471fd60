import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../test/fakes/stripe-server.js';
import type { PaymentStart } from './port.js';
import { StripePayments } from './stripe.js';
import { fromStripeAmount, stripeIdempotencyKey, toStripeAmount } from './stripe-mapping.js';

const input: PaymentStart = {
  amount: 5000,
  currency: 'EUR',
  capture: 'hold',
  idempotencyKey: 'exchange-1-hold',
  description: 'Hold for exchange #1004-R1',
  returnUrl: 'https://returns.example.com/exchange/1/paid',
  cancelUrl: 'https://returns.example.com/exchange/1',
};

describe('stripe adapter: what reaches Stripe', () => {
  let stripe: FakeStripe;
  let payments: StripePayments;
  beforeEach(async () => {
    stripe = await startFakeStripe();
    payments = new StripePayments({ secretKey: stripe.secretKey, baseUrl: stripe.baseUrl, timeoutMs: 5000 });
  });
  afterEach(() => stripe.close());

  const approve = async (payUrl: string | null, card = '4242424242424242') => stripe.submitCard(payUrl ?? '', card);
  const postsTo = (path: RegExp) => stripe.calls.filter((call) => call.method === 'POST' && path.test(call.path));

  it('opens a hosted Checkout Session: manual capture for a hold, the return URLs, a key derived from ours', async () => {
    const started = await payments.start(input);
    const [create] = postsTo(/^\/v1\/checkout\/sessions$/);
    expect(create?.idempotencyKey).toBe('return-center:start:exchange-1-hold');
    expect(create?.params).toEqual({
      mode: 'payment',
      line_items: {
        0: {
          quantity: '1',
          price_data: { currency: 'eur', unit_amount: '5000', product_data: { name: 'Hold for exchange #1004-R1' } },
        },
      },
      payment_intent_data: {
        capture_method: 'manual',
        description: 'Hold for exchange #1004-R1',
        metadata: { return_center_key: 'exchange-1-hold', capture: 'hold' },
      },
      metadata: { return_center_key: 'exchange-1-hold', capture: 'hold' },
      success_url: 'https://returns.example.com/exchange/1/paid',
      cancel_url: 'https://returns.example.com/exchange/1',
    });
    expect(started.paymentId).toMatch(/^cs_test_/);
    expect(started.payUrl).toBe(`${stripe.baseUrl}/c/pay/${started.paymentId}`);
  });

  it('asks for automatic capture for a charge', async () => {
    await payments.start({ ...input, capture: 'charge', idempotencyKey: 'difference-1' });
    expect(postsTo(/^\/v1\/checkout\/sessions$/)[0]?.params).toMatchObject({
      payment_intent_data: { capture_method: 'automatic' },
    });
  });

  it('shows the hold on the hosted page, sends the shopper back on a good card and says so on a declined one', async () => {
    const { payUrl, paymentId } = await payments.start(input);
    const page = await fetch(payUrl ?? '').then((response) => response.text());
    expect(page).toContain('A hold of <strong>€50.00</strong>');
    expect(page).toContain('<form method="post">');
    expect(page).toContain(`<a href="${input.cancelUrl}">Back</a>`);
    const declined = await fetch(payUrl ?? '', {
      method: 'POST',
      body: new URLSearchParams({ card: '4000000000000002' }),
    });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('<p role="alert">Your card was declined.</p>');
    expect(await approve(payUrl)).toEqual({ status: 303, location: input.returnUrl });
    expect(stripe.log.map(({ kind, session }) => [kind, session])).toEqual([
      ['decline', paymentId],
      ['authorisation', paymentId],
    ]);
  });

  it('captures with amount_to_capture under the capture key; the log shows one authorisation and one capture', async () => {
    const { paymentId, payUrl } = await payments.start(input);
    await approve(payUrl);
    await payments.capture(paymentId, 3000, 'exchange-1-capture');
    const [capture] = postsTo(/\/capture$/);
    expect(capture?.params).toEqual({ amount_to_capture: '3000' });
    expect(capture?.idempotencyKey).toBe('return-center:capture:exchange-1-capture');
    expect(stripe.log.map(({ kind, amount }) => [kind, amount])).toEqual([
      ['authorisation', 5000],
      ['capture', 3000],
    ]);
    expect(stripe.intents()).toMatchObject([{ status: 'succeeded', amountReceived: 3000, amountCapturable: 0 }]);
  });

  it('cancels a held PaymentIntent to release it, and expires a session nobody paid', async () => {
    const held = await payments.start(input);
    await approve(held.payUrl);
    await payments.release(held.paymentId, 'exchange-1-release');
    expect(postsTo(/\/cancel$/).map((call) => call.idempotencyKey)).toEqual([
      'return-center:cancel:exchange-1-release',
    ]);
    const waiting = await payments.start({ ...input, idempotencyKey: 'exchange-2-hold' });
    await payments.release(waiting.paymentId, 'exchange-2-release');
    expect(postsTo(/\/expire$/).map((call) => call.path)).toEqual([
      `/v1/checkout/sessions/${waiting.paymentId}/expire`,
    ]);
    expect(stripe.log.map(({ kind }) => kind)).toEqual(['authorisation', 'release', 'expire']);
  });

  it('reads a hold whose card authorisation ran out as released, and refuses to capture it', async () => {
    const { paymentId, payUrl } = await payments.start(input);
    await approve(payUrl);
    stripe.lapse(paymentId);
    expect(await payments.get(paymentId)).toMatchObject({ state: 'released', capturedAmount: 0 });
    await expect(payments.capture(paymentId, 5000, 'late-capture')).rejects.toMatchObject({ code: 'not_capturable' });
    expect(stripe.log.map(({ kind, reason }) => [kind, reason])).toEqual([
      ['authorisation', undefined],
      ['release', 'lapsed'],
    ]);
  });

  it('passes Stripe’s refusal of an amount too small to hold, without retrying', async () => {
    await expect(payments.start({ ...input, amount: 20 })).rejects.toMatchObject({
      name: 'StripePaymentsError',
      status: 400,
      code: 'amount_too_small',
    });
    expect(stripe.calls).toHaveLength(1);
  });
});

describe('stripe adapter: amounts and keys', () => {
  it.each([
    [5000, 'EUR', 5000],
    [5000, 'JPY', 5000],
    [500, 'ISK', 50_000],
    [12_300, 'MGA', 123],
    [5120, 'KWD', 5120],
    [12_340, 'IQD', 1234],
  ])('%i minor units of %s are %i in Stripe’s units, and back', (ours, currency, theirs) => {
    expect(toStripeAmount(ours, currency)).toBe(theirs);
    expect(fromStripeAmount(theirs, currency)).toBe(ours);
  });

  it.each([
    [5125, 'KWD'],
    [12_345, 'MGA'],
    [0, 'EUR'],
    [12.5, 'EUR'],
  ])('refuses %s %s, which Stripe cannot take exactly', (amount, currency) => {
    expect(() => toStripeAmount(amount, currency)).toThrow(RangeError);
  });

  it('derives one Stripe key per operation, hashed when ours is long', () => {
    expect(stripeIdempotencyKey('capture', 'k-1')).toBe('return-center:capture:k-1');
    const long = stripeIdempotencyKey('start', 'x'.repeat(300));
    expect(long).toMatch(/^return-center:start:sha256:[0-9a-f]{64}$/);
    expect(stripeIdempotencyKey('start', 'x'.repeat(301))).not.toBe(long);
  });
});
