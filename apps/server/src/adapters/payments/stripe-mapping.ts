import { createHash } from 'node:crypto';
import { currencyExponent } from '@return-center/domain';
import Stripe from 'stripe';
import { PaymentRefused, type Payment, type PaymentState } from './port.js';

/** Stripe's own minor units where they differ from 2 (ISK is two-decimal at Stripe, zero-decimal in ISO 4217). */
const STRIPE_EXPONENTS = new Map<string, number>([
  ...'BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF'.split(' ').map((code) => [code, 0] as const),
  ...'BHD JOD KWD OMR TND'.split(' ').map((code) => [code, 3] as const),
]);
const stripeExponent = (currency: string) => STRIPE_EXPONENTS.get(currency.toUpperCase()) ?? 2;

/**
 * Our minor units (ISO 4217) as Stripe's: the same for nearly every currency; ISK × 100, MGA ÷ 100, IQD and LYD ÷ 10.
 * Stripe takes three-decimal amounts in tens only. An amount Stripe cannot take exactly is a RangeError, never rounded.
 */
export function toStripeAmount(amount: number, currency: string): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`Stripe: ${amount} is not a positive whole number of minor units`);
  }
  const shift = stripeExponent(currency) - currencyExponent(currency);
  const divisor = shift < 0 ? 10 ** -shift : stripeExponent(currency) === 3 ? 10 : 1;
  if (amount % divisor !== 0) {
    throw new RangeError(`Stripe takes ${currency} in steps of ${divisor} minor units: ${amount} is not one`);
  }
  return shift < 0 ? amount / divisor : amount * 10 ** shift;
}

export function fromStripeAmount(amount: number, currency: string): number {
  const shift = stripeExponent(currency) - currencyExponent(currency);
  return shift < 0 ? amount * 10 ** -shift : Math.round(amount / 10 ** shift);
}

/**
 * Stripe's Idempotency-Key for one of our operations on our key: each POST kind gets its own (Stripe refuses a key
 * reused with other parameters), within Stripe's 255 characters.
 */
export function stripeIdempotencyKey(operation: string, ours: string): string {
  const key = `return-center:${operation}:${ours}`;
  if (key.length <= 255) return key;
  return `return-center:${operation}:sha256:${createHash('sha256').update(ours, 'utf8').digest('hex')}`;
}

export const intentOf = (session: Stripe.Checkout.Session): Stripe.PaymentIntent | null =>
  typeof session.payment_intent === 'object' ? session.payment_intent : null;

/** A session with no PaymentIntent yet, or one declined and open for another card, waits for the shopper. */
function stateOf(session: Stripe.Checkout.Session, intent: Stripe.PaymentIntent | null): PaymentState {
  if (session.status === 'expired') return 'released';
  if (session.status === 'open' || !intent) return 'awaiting_shopper';
  if (intent.status === 'requires_capture') return 'held';
  if (intent.status === 'succeeded') return 'captured';
  // Canceled by us, or by Stripe when the card authorisation ran out (ADR 047).
  if (intent.status === 'canceled') return 'released';
  return 'awaiting_shopper';
}

/** What was refunded of the PaymentIntent's charge, when the charge was expanded (else nothing was: a fresh capture). */
function refundedOf(intent: Stripe.PaymentIntent | null): number {
  const charge = intent?.latest_charge;
  return charge && typeof charge === 'object' ? charge.amount_refunded : 0;
}

/**
 * The port's payment for a Checkout Session read with `expand[]=payment_intent.latest_charge` (or that PaymentIntent's
 * answer to a capture or a cancel).
 */
export function paymentOf(session: Stripe.Checkout.Session, answered?: Stripe.PaymentIntent): Payment {
  const intent = answered ?? intentOf(session);
  const currency = (session.currency ?? intent?.currency ?? '').toUpperCase();
  const state = stateOf(session, intent);
  const hold = intent ? intent.capture_method === 'manual' : session.metadata?.capture === 'hold';
  return {
    paymentId: session.id,
    state,
    amount: fromStripeAmount(session.amount_total ?? intent?.amount ?? 0, currency),
    capturedAmount: state === 'captured' && intent ? fromStripeAmount(intent.amount_received, currency) : 0,
    refundedAmount: state === 'captured' ? fromStripeAmount(refundedOf(intent), currency) : 0,
    currency,
    capture: hold ? 'hold' : 'charge',
    payUrl: state === 'awaiting_shopper' ? session.url : null,
  };
}

/** Anything that went wrong talking to Stripe other than a refusal the port names; the message names the call. */
export class StripePaymentsError extends Error {
  override readonly name = 'StripePaymentsError';
  constructor(
    message: string,
    /** Stripe's HTTP status, when it answered. */
    readonly status?: number,
    /** Stripe's error code (`idempotency_key_in_use`…), its error type without one, or `timeout` / `network`. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Worth another try with the same Idempotency-Key: no answer, 409 (the key in use), 429 and 5xx, unless Stripe says not. */
export function retryOf(error: unknown): { waitMs?: number } | undefined {
  if (!(error instanceof Stripe.errors.StripeError)) return undefined;
  const advice = error.headers?.['stripe-should-retry'];
  if (advice === 'false') return undefined;
  if (advice === 'true' || error instanceof Stripe.errors.StripeConnectionError) return {};
  const status = error.statusCode ?? 0;
  return status === 409 || status === 429 || status >= 500 ? {} : undefined;
}

/** A Stripe error as the port's refusal where it is one, else as a StripePaymentsError naming the call. */
export function failureOf(call: string, error: unknown, tries: number, timeoutMs: number): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const where = `Stripe ${call}`;
  const { code, statusCode: status } = error;
  if (error instanceof Stripe.errors.StripeCardError)
    return new PaymentRefused('declined', `${where}: ${error.message}`);
  if (code === 'resource_missing') return new PaymentRefused('not_found', `${where}: ${error.message}`);
  if (code === 'amount_too_large' || code === 'charge_already_refunded')
    return new PaymentRefused('amount_too_large', `${where}: ${error.message}`);
  if (code === 'charge_not_refundable') return new PaymentRefused('not_refundable', `${where}: ${error.message}`);
  if (code === 'payment_intent_unexpected_state')
    return new PaymentRefused('not_capturable', `${where}: ${error.message}`);
  const times = tries > 1 ? ` (${tries} tries)` : '';
  if (error instanceof Stripe.errors.StripeConnectionError) {
    const timedOut = (error.detail as { code?: unknown } | undefined)?.code === 'ETIMEDOUT';
    return timedOut
      ? new StripePaymentsError(`${where}: no answer within ${timeoutMs} ms${times}`, undefined, 'timeout')
      : new StripePaymentsError(`${where}: connection failed${times}`, undefined, 'network');
  }
  const kind = code ?? error.rawType ?? 'error';
  return new StripePaymentsError(
    `${where}: HTTP ${status ?? '?'} ${kind}: ${error.message.slice(0, 200)}${times}`,
    status,
    kind,
  );
}
