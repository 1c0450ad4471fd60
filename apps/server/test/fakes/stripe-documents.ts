import { randomBytes } from 'node:crypto';

/** The fake Stripe's objects (stripe-server.ts) as Stripe's API writes them, and its error answers. */

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface FakeIntent {
  id: string;
  amount: number;
  currency: string;
  captureMethod: 'automatic' | 'automatic_async' | 'manual';
  status: IntentStatus;
  amountCapturable: number;
  amountReceived: number;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
  canceledAt: number | null;
  cancellationReason: string | null;
  lastPaymentError: Record<string, unknown> | null;
  latestCharge: string | null;
}

export interface FakeSession {
  id: string;
  amount: number;
  currency: string;
  status: 'open' | 'complete' | 'expired';
  intentId: string | null;
  successUrl: string;
  cancelUrl: string | null;
  metadata: Record<string, string>;
  /** What the PaymentIntent is made with once the shopper pays (`payment_intent_data`). */
  intent: Pick<FakeIntent, 'captureMethod' | 'description' | 'metadata'>;
  /** The line items' names, shown on the hosted page. */
  names: string[];
  created: number;
  expiresAt: number;
}

/** Money moved, or refused, at the fake: what a test counts ("one authorisation, then one capture or release"). */
export interface StripeLogEntry {
  kind: 'authorisation' | 'decline' | 'capture' | 'release' | 'expire' | 'refund';
  session: string;
  paymentIntent: string | null;
  amount: number;
  /** For a release: `canceled` by a call, or `lapsed` (the card authorisation expired). */
  reason?: 'canceled' | 'lapsed';
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const stripeId = (prefix: string, length = 24): string =>
  prefix + [...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** An error answer, `{error: {type, code, message, param}}` with Stripe's HTTP status. */
export class StripeRefusal extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error',
    message: string,
    readonly details: { code?: string; param?: string; payment_intent?: unknown } = {},
    /** Refused before the endpoint ran (a malformed request): not kept under the idempotency key, so a retry runs. */
    readonly beforeRunning = false,
  ) {
    super(message);
  }

  json(): unknown {
    const { code } = this.details;
    return {
      error: {
        type: this.type,
        message: this.message,
        ...this.details,
        ...(code ? { doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {}),
      },
    };
  }
}

export const missing = (param: string) =>
  new StripeRefusal(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    {
      code: 'parameter_missing',
      param,
    },
    true,
  );

export const invalidParam = (param: string, message: string, code = 'parameter_invalid_string') =>
  new StripeRefusal(400, 'invalid_request_error', message, { code, param }, true);

export const noSuch = (object: string, id: string, param: string) =>
  new StripeRefusal(404, 'invalid_request_error', `No such ${object}: '${id}'`, { code: 'resource_missing', param });

export function intentJson(intent: FakeIntent): Record<string, unknown> {
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    amount_capturable: intent.amountCapturable,
    amount_received: intent.amountReceived,
    canceled_at: intent.canceledAt,
    cancellation_reason: intent.cancellationReason,
    capture_method: intent.captureMethod,
    client_secret: `${intent.id}_secret_${intent.id.slice(3, 15)}`,
    confirmation_method: 'automatic',
    created: intent.created,
    currency: intent.currency,
    description: intent.description,
    last_payment_error: intent.lastPaymentError,
    latest_charge: intent.latestCharge,
    livemode: false,
    metadata: intent.metadata,
    payment_method_types: ['card'],
    status: intent.status,
  };
}

export function sessionJson(
  session: FakeSession,
  origin: string,
  /** The PaymentIntent as `expand[]=payment_intent` (or deeper) writes it, when asked for. */
  expandedIntent: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const captured = session.status === 'complete' && session.intent.captureMethod !== 'manual';
  return {
    id: session.id,
    object: 'checkout.session',
    amount_subtotal: session.amount,
    amount_total: session.amount,
    cancel_url: session.cancelUrl,
    client_reference_id: null,
    created: session.created,
    currency: session.currency,
    customer: null,
    expires_at: session.expiresAt,
    livemode: false,
    metadata: session.metadata,
    mode: 'payment',
    payment_intent: expandedIntent ?? session.intentId,
    payment_method_types: ['card'],
    // An authorised hold is not paid yet: Checkout says `unpaid` until it is captured.
    payment_status: captured ? 'paid' : 'unpaid',
    status: session.status,
    success_url: session.successUrl,
    ui_mode: 'hosted',
    url: session.status === 'open' ? `${origin}/c/pay/${session.id}` : null,
  };
}
