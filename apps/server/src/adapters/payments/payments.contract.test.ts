import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { present } from '@return-center/domain';
import { startFakeStripe } from '../../../test/fakes/stripe-server.js';
import { buildTestApp } from '../../../test/helper.js';
import { PaymentRefused, type Payment, type Payments, type PaymentStart } from './port.js';
import { StripePayments } from './stripe.js';

/** Card numbers the shopper types on the provider's page: Stripe's test cards, which a sandbox's page takes alike. */
const CARD_OK = '4242424242424242';
const CARD_DECLINED = '4000000000000002';

interface Opened {
  payments: Payments;
  /** Does what the shopper's browser does on the provider's page at `payUrl`: pays with `card` (CARD_OK unless given). */
  approve(payUrl: string, card?: string): Promise<void>;
  close(): Promise<void>;
}

/** What every payments adapter must do; each runs this same file. */
const adapters: { name: string; make(): Promise<Opened> }[] = [
  {
    name: 'stripe (local fake)',
    async make() {
      const fake = await startFakeStripe();
      return {
        payments: new StripePayments({ secretKey: fake.secretKey, baseUrl: fake.baseUrl, timeoutMs: 5000 }),
        approve: async (payUrl, card = CARD_OK) => {
          await fake.submitCard(payUrl, card);
        },
        close: () => fake.close(),
      };
    },
  },
  {
    name: 'sandbox (its own pay page)',
    async make() {
      const t = await buildTestApp('sqlite');
      return {
        payments: present(t.app.ctx.services.payments.sandbox, 'the sandbox provider'),
        // The page's form, as a browser posts it: the test card that declines at Stripe is the Decline button here.
        approve: async (payUrl, card = CARD_OK) => {
          const link = new URL(payUrl);
          const answer = card === CARD_DECLINED ? 'decline' : 'authorise';
          const posted = await t.app.inject({
            method: 'POST',
            url: link.pathname,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({ sig: link.searchParams.get('sig') ?? '', answer }).toString(),
          });
          expect(posted.statusCode).toBeLessThan(400);
        },
        close: () => t.close(),
      };
    },
  },
];

const start = (overrides: Partial<PaymentStart> = {}): PaymentStart => ({
  amount: 5000,
  currency: 'EUR',
  capture: 'hold',
  idempotencyKey: 'exchange-1-hold',
  description: 'Hold for exchange #1004-R1',
  returnUrl: 'https://returns.example.com/exchange/1/paid',
  cancelUrl: 'https://returns.example.com/exchange/1',
  ...overrides,
});

describe.each(adapters)('payments port: $name', (adapter) => {
  let opened: Opened;
  let payments: Payments;
  beforeEach(async () => {
    opened = await adapter.make();
    ({ payments } = opened);
  });
  afterEach(() => opened.close());

  /** Started and authorised by the shopper. */
  const held = async (input = start()): Promise<Payment> => {
    const started = await payments.start(input);
    await opened.approve(started.payUrl ?? '');
    return payments.get(started.paymentId);
  };

  it('starts a payment that waits for the shopper on the provider’s page', async () => {
    const started = await payments.start(start());
    expect(started).toMatchObject({
      state: 'awaiting_shopper',
      amount: 5000,
      capturedAmount: 0,
      refundedAmount: 0,
      currency: 'EUR',
      capture: 'hold',
      payUrl: expect.stringMatching(/^https?:\/\//) as unknown,
    });
    expect(await payments.get(started.paymentId)).toEqual(started);
  });

  it('holds the amount once the shopper approves, and the page is gone', async () => {
    expect(await held()).toMatchObject({ state: 'held', amount: 5000, capturedAmount: 0, payUrl: null });
  });

  it('captures part of a hold and lets the rest go', async () => {
    const { paymentId } = await held();
    const captured = await payments.capture(paymentId, 3000, 'exchange-1-capture');
    expect(captured).toMatchObject({ paymentId, state: 'captured', amount: 5000, capturedAmount: 3000 });
    expect(await payments.get(paymentId)).toEqual(captured);
  });

  it('captures a whole hold', async () => {
    const { paymentId } = await held();
    expect(await payments.capture(paymentId, 5000, 'exchange-1-capture')).toMatchObject({
      state: 'captured',
      capturedAmount: 5000,
    });
  });

  it('releases a hold without taking anything', async () => {
    const { paymentId } = await held();
    const released = await payments.release(paymentId, 'exchange-1-release');
    expect(released).toMatchObject({ paymentId, state: 'released', capturedAmount: 0, payUrl: null });
    expect(await payments.get(paymentId)).toEqual(released);
  });

  it('releases a payment the shopper never approved, and its page no longer takes a card', async () => {
    const started = await payments.start(start());
    expect(await payments.release(started.paymentId, 'exchange-1-release')).toMatchObject({
      state: 'released',
      payUrl: null,
    });
    await opened.approve(started.payUrl ?? '');
    expect(await payments.get(started.paymentId)).toMatchObject({ state: 'released', capturedAmount: 0 });
  });

  it('takes a charge at once when the shopper approves it', async () => {
    const charged = await held(start({ capture: 'charge', idempotencyKey: 'difference-1', amount: 1250 }));
    expect(charged).toMatchObject({ state: 'captured', capture: 'charge', amount: 1250, capturedAmount: 1250 });
  });

  it('keeps a declined card’s payment waiting for another card', async () => {
    const started = await payments.start(start());
    await opened.approve(started.payUrl ?? '', CARD_DECLINED);
    const declined = await payments.get(started.paymentId);
    expect(declined).toMatchObject({ state: 'awaiting_shopper', capturedAmount: 0 });
    await opened.approve(declined.payUrl ?? '');
    expect(await payments.get(started.paymentId)).toMatchObject({ state: 'held' });
  });

  it('answers the same payment for the same idempotency key, before and after the shopper approves', async () => {
    const first = await payments.start(start());
    expect((await payments.start(start())).paymentId).toBe(first.paymentId);
    await opened.approve(first.payUrl ?? '');
    expect(await payments.start(start())).toMatchObject({ paymentId: first.paymentId, state: 'held' });
    const other = await payments.start(start({ idempotencyKey: 'exchange-2-hold' }));
    expect(other.paymentId).not.toBe(first.paymentId);
  });

  it('captures once: the same key, or another, answers the captured payment and takes nothing more', async () => {
    const { paymentId } = await held();
    const captured = await payments.capture(paymentId, 3000, 'exchange-1-capture');
    expect(await payments.capture(paymentId, 3000, 'exchange-1-capture')).toEqual(captured);
    expect(await payments.capture(paymentId, 5000, 'exchange-1-capture-again')).toEqual(captured);
    expect(await payments.get(paymentId)).toMatchObject({ capturedAmount: 3000 });
  });

  it('refuses to capture more than the hold, and the hold stays', async () => {
    const { paymentId } = await held();
    await expect(payments.capture(paymentId, 5001, 'exchange-1-capture')).rejects.toMatchObject({
      name: 'PaymentRefused',
      code: 'amount_too_large',
    });
    expect(await payments.get(paymentId)).toMatchObject({ state: 'held' });
  });

  it('refuses to capture a released hold or one the shopper has not approved', async () => {
    const waiting = await payments.start(start({ idempotencyKey: 'exchange-2-hold' }));
    await expect(payments.capture(waiting.paymentId, 1000, 'exchange-2-capture')).rejects.toMatchObject({
      code: 'not_capturable',
    });
    const { paymentId } = await held();
    await payments.release(paymentId, 'exchange-1-release');
    await expect(payments.capture(paymentId, 1000, 'exchange-1-capture')).rejects.toBeInstanceOf(PaymentRefused);
    expect(await payments.get(paymentId)).toMatchObject({ state: 'released', capturedAmount: 0 });
  });

  it('releases once: a repeat answers the released payment; a captured one is refused and stays captured', async () => {
    const { paymentId } = await held();
    const released = await payments.release(paymentId, 'exchange-1-release');
    expect(await payments.release(paymentId, 'exchange-1-release')).toEqual(released);
    expect(await payments.release(paymentId, 'exchange-1-release-again')).toEqual(released);
    const other = await held(start({ idempotencyKey: 'exchange-2-hold' }));
    await payments.capture(other.paymentId, 2000, 'exchange-2-capture');
    await expect(payments.release(other.paymentId, 'exchange-2-release')).rejects.toMatchObject({
      code: 'not_capturable',
    });
    expect(await payments.get(other.paymentId)).toMatchObject({ state: 'captured', capturedAmount: 2000 });
  });

  it('refunds a captured payment in parts, once per key, never more than was taken', async () => {
    const { paymentId } = await held();
    await payments.capture(paymentId, 4000, 'exchange-1-capture');
    const first = await payments.refund(paymentId, 1500, 'exchange-1-refund-1');
    expect(first).toMatchObject({ state: 'captured', capturedAmount: 4000, refundedAmount: 1500 });
    expect(await payments.refund(paymentId, 1500, 'exchange-1-refund-1')).toEqual(first);
    await expect(payments.refund(paymentId, 2501, 'exchange-1-refund-too-much')).rejects.toMatchObject({
      name: 'PaymentRefused',
      code: 'amount_too_large',
    });
    expect(await payments.get(paymentId)).toEqual(first);
    expect(await payments.refund(paymentId, 2500, 'exchange-1-refund-2')).toMatchObject({ refundedAmount: 4000 });
    await expect(payments.refund(paymentId, 1, 'exchange-1-refund-3')).rejects.toMatchObject({
      code: 'amount_too_large',
    });
  });

  it('refunds a charge taken at once', async () => {
    const charged = await held(start({ capture: 'charge', idempotencyKey: 'difference-1', amount: 1250 }));
    expect(await payments.refund(charged.paymentId, 1250, 'difference-1-refund')).toMatchObject({
      capturedAmount: 1250,
      refundedAmount: 1250,
    });
  });

  it('refuses to refund a payment that took nothing: held, released or never approved', async () => {
    const waiting = await payments.start(start({ idempotencyKey: 'exchange-2-hold' }));
    await expect(payments.refund(waiting.paymentId, 100, 'exchange-2-refund')).rejects.toMatchObject({
      code: 'not_refundable',
    });
    const { paymentId } = await held();
    await expect(payments.refund(paymentId, 100, 'exchange-1-refund')).rejects.toMatchObject({
      code: 'not_refundable',
    });
    await payments.release(paymentId, 'exchange-1-release');
    await expect(payments.refund(paymentId, 100, 'exchange-1-refund-again')).rejects.toMatchObject({
      code: 'not_refundable',
    });
    expect(await payments.get(paymentId)).toMatchObject({ state: 'released', refundedAmount: 0 });
  });

  it('takes amounts in minor units whatever the currency exponent (yen)', async () => {
    const { paymentId } = await held(start({ amount: 5000, currency: 'JPY', idempotencyKey: 'exchange-yen' }));
    expect(await payments.capture(paymentId, 1200, 'exchange-yen-capture')).toMatchObject({
      currency: 'JPY',
      amount: 5000,
      capturedAmount: 1200,
    });
  });

  it('answers not_found for a payment it does not know', async () => {
    await expect(payments.get('cs_test_unknown')).rejects.toMatchObject({ code: 'not_found' });
    await expect(payments.release('no-such-payment', 'k')).rejects.toMatchObject({ code: 'not_found' });
    await expect(payments.refund('no-such-payment', 100, 'k')).rejects.toMatchObject({ code: 'not_found' });
  });
});
