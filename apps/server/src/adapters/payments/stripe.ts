import Stripe from 'stripe';
import { withRetries } from '../../retry.js';
import { PaymentRefused, type Payment, type PaymentStart, type Payments } from './port.js';
import {
  failureOf,
  intentOf,
  paymentOf,
  retryOf,
  StripePaymentsError,
  stripeIdempotencyKey,
  toStripeAmount,
} from './stripe-mapping.js';

export { StripePaymentsError } from './stripe-mapping.js';

export interface StripeOptions {
  /** A secret key, live or test mode, of the Stripe account that takes the payments. */
  secretKey: string;
  /** Stripe's API unless set: the origin of a local fake in tests (STRIPE_BASE_URL). */
  baseUrl?: string;
  /** Per request. */
  timeoutMs: number;
}

const ATTEMPTS = 4;
const BACKOFF_MS = 100;
const SESSION_ID = /^cs_\w+$/;

/** The client's host, port and protocol options for another origin than Stripe's (its paths stay /v1/…). */
function addressOf(baseUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!baseUrl) return {};
  const url = new URL(baseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * Card holds and payments through Stripe (ADR 047). The shopper authorises on a Checkout Session hosted by Stripe
 * (`payUrl`); a hold is its PaymentIntent with manual capture, captured in part or in full, or canceled. The payment id
 * is the Checkout Session's id: its PaymentIntent exists only once the shopper has paid.
 */
export class StripePayments implements Payments {
  private readonly stripe: Stripe;
  private readonly timeoutMs: number;

  constructor(options: StripeOptions) {
    if (!options.secretKey) throw new Error('Stripe: a secret key is required');
    this.timeoutMs = options.timeoutMs;
    this.stripe = new Stripe(options.secretKey, {
      // Retried by `call` with the same Idempotency-Key, so each try is counted (retry.ts, vendor-calls.ts).
      maxNetworkRetries: 0,
      timeout: options.timeoutMs,
      telemetry: false,
      appInfo: { name: 'Return Center' },
      ...addressOf(options.baseUrl),
    });
  }

  async start(input: PaymentStart): Promise<Payment> {
    const currency = input.currency.toUpperCase();
    const unitAmount = toStripeAmount(input.amount, currency);
    const metadata = { return_center_key: input.idempotencyKey.slice(0, 500), capture: input.capture };
    const session = await this.call('POST /v1/checkout/sessions', () =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: currency.toLowerCase(),
                unit_amount: unitAmount,
                product_data: { name: input.description },
              },
            },
          ],
          payment_intent_data: {
            capture_method: input.capture === 'hold' ? 'manual' : 'automatic',
            description: input.description,
            metadata,
          },
          metadata,
          success_url: input.returnUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: stripeIdempotencyKey('start', input.idempotencyKey) },
      ),
    );
    // A replayed answer is the session as it was first made: the shopper may have paid since.
    const replayed = session.lastResponse.headers['idempotent-replayed'] === 'true';
    return replayed || session.status !== 'open' ? this.get(session.id) : paymentOf(session);
  }

  async get(paymentId: string): Promise<Payment> {
    return paymentOf(await this.session(paymentId));
  }

  async capture(paymentId: string, amount: number, idempotencyKey: string): Promise<Payment> {
    const session = await this.session(paymentId);
    const payment = paymentOf(session);
    if (payment.state === 'captured') return payment;
    const intent = intentOf(session);
    if (payment.state !== 'held' || !intent) {
      throw new PaymentRefused('not_capturable', `Stripe: payment ${paymentId} is ${payment.state}, not held`);
    }
    const amountToCapture = toStripeAmount(amount, payment.currency);
    try {
      const captured = await this.call(`POST /v1/payment_intents/${intent.id}/capture`, () =>
        this.stripe.paymentIntents.capture(
          intent.id,
          { amount_to_capture: amountToCapture },
          { idempotencyKey: stripeIdempotencyKey('capture', idempotencyKey) },
        ),
      );
      return paymentOf(session, captured);
    } catch (error) {
      // Captured meanwhile (by a call whose answer was lost, or under another key): that capture stands, told again.
      const maybeCaptured =
        (error instanceof PaymentRefused && error.code === 'not_capturable') ||
        (error instanceof StripePaymentsError && error.code === 'idempotency_error');
      if (!maybeCaptured) throw error;
      const now = await this.get(paymentId);
      if (now.state === 'captured') return now;
      throw error;
    }
  }

  async release(paymentId: string, idempotencyKey: string): Promise<Payment> {
    for (let look = 1; ; look++) {
      const session = await this.session(paymentId);
      const payment = paymentOf(session);
      if (payment.state === 'released') return payment;
      if (payment.state === 'captured') {
        throw new PaymentRefused(
          'not_capturable',
          `Stripe: payment ${paymentId} was captured (${payment.capturedAmount} of ${payment.amount}); nothing is held`,
        );
      }
      try {
        return await this.letGo(session, idempotencyKey);
      } catch (error) {
        // The shopper paid, or the hold lapsed, between the look and the call: look once more.
        const changed =
          (error instanceof PaymentRefused && error.code === 'not_capturable') ||
          (error instanceof StripePaymentsError && error.status === 400);
        if (look >= 2 || !changed) throw error;
      }
    }
  }

  async refund(paymentId: string, amount: number, idempotencyKey: string): Promise<Payment> {
    const session = await this.session(paymentId);
    const payment = paymentOf(session);
    const intent = intentOf(session);
    if (payment.state !== 'captured' || !intent) {
      throw new PaymentRefused('not_refundable', `Stripe: payment ${paymentId} is ${payment.state}: nothing was taken`);
    }
    await this.call('POST /v1/refunds', () =>
      this.stripe.refunds.create(
        { payment_intent: intent.id, amount: toStripeAmount(amount, payment.currency) },
        { idempotencyKey: stripeIdempotencyKey('refund', idempotencyKey) },
      ),
    );
    return this.get(paymentId);
  }

  /** An open session is expired (no card taken yet); an authorised hold is canceled. */
  private async letGo(session: Stripe.Checkout.Session, idempotencyKey: string): Promise<Payment> {
    if (session.status === 'open') {
      const expired = await this.call(`POST /v1/checkout/sessions/${session.id}/expire`, () =>
        this.stripe.checkout.sessions.expire(
          session.id,
          { expand: ['payment_intent'] },
          { idempotencyKey: stripeIdempotencyKey('expire', idempotencyKey) },
        ),
      );
      return paymentOf(expired);
    }
    const intent = intentOf(session);
    if (!intent)
      throw new StripePaymentsError(`Stripe: session ${session.id} is ${String(session.status)} without a payment`);
    const canceled = await this.call(`POST /v1/payment_intents/${intent.id}/cancel`, () =>
      this.stripe.paymentIntents.cancel(
        intent.id,
        {},
        { idempotencyKey: stripeIdempotencyKey('cancel', idempotencyKey) },
      ),
    );
    return paymentOf(session, canceled);
  }

  private session(paymentId: string): Promise<Stripe.Checkout.Session> {
    if (!SESSION_ID.test(paymentId)) {
      return Promise.reject(new PaymentRefused('not_found', `Stripe: ${paymentId} is not a Checkout Session id`));
    }
    return this.call(`GET /v1/checkout/sessions/${paymentId}`, () =>
      // The charge says what was refunded of it.
      this.stripe.checkout.sessions.retrieve(paymentId, { expand: ['payment_intent.latest_charge'] }),
    );
  }

  /** One Stripe call, retried on no answer, 409, 429 and 5xx: every POST carries an Idempotency-Key, so a retry is safe. */
  private call<T>(what: string, work: () => Promise<T>): Promise<T> {
    return withRetries(work, {
      tries: ATTEMPTS,
      backoffMs: BACKOFF_MS,
      retry: retryOf,
      giveUp: (error, { failures }) => failureOf(what, error, failures, this.timeoutMs),
    });
  }
}
