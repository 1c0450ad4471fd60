import {
  invalidParam,
  missing,
  noSuch,
  nowSeconds,
  stripeId,
  StripeRefusal,
  intentJson,
  type FakeIntent,
  type FakeSession,
  type StripeLogEntry,
} from './stripe-documents.js';
import { listOf, paramsOf, textOf, type Params } from './stripe-form.js';

/** Stripe's smallest charge per currency (in its minor units), for the currencies tests use; 50 for the rest. */
const MINIMUM: Record<string, number> = { gbp: 30, jpy: 50, usd: 50, eur: 50 };
const MAXIMUM = 99_999_999;
const CAPTURE_METHODS = new Set(['automatic', 'automatic_async', 'manual']);
const CANCELABLE = new Set([
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
]);
const SESSION_PARAMS = new Set([
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'payment_intent_data',
  'metadata',
  'expires_at',
  'client_reference_id',
  'customer_email',
  'locale',
  'expand',
]);
const INTENT_DATA_PARAMS = new Set(['capture_method', 'description', 'metadata', 'statement_descriptor_suffix']);

/** Stripe's test cards: these succeed, these decline (with their decline code); any other number is refused. */
export const TEST_CARDS = { ok: ['4242424242424242', '5555555555554444'], declined: '4000000000000002' };
const DECLINES: Record<string, string> = {
  '4000000000000002': 'generic_decline',
  '4000000000009995': 'insufficient_funds',
};

const integer = (param: string, value: string | undefined, least: number): number => {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < least) {
    throw invalidParam(param, `Invalid integer: ${value ?? ''}`, 'parameter_invalid_integer');
  }
  return Number(value);
};
const strings = (params: Params): Record<string, string> =>
  Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
const unknownParam = (params: Params, known: Set<string>, prefix = '') => {
  const extra = Object.keys(params).find((key) => !known.has(key));
  if (extra)
    throw invalidParam(`${prefix}${extra}`, `Received unknown parameter: ${prefix}${extra}`, 'parameter_unknown');
};

/** The fake's sessions and PaymentIntents, with the rules Stripe holds them to, and the log of money moved. */
export function createStripeLedger() {
  const sessions = new Map<string, FakeSession>();
  const intents = new Map<string, FakeIntent>();
  const log: StripeLogEntry[] = [];

  const sessionOf = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw noSuch('checkout.session', id, 'session');
    return session;
  };
  const intentOf = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw noSuch('payment_intent', id, 'intent');
    return intent;
  };
  const sessionOfIntent = (intent: FakeIntent) => [...sessions.values()].find((s) => s.intentId === intent.id);
  const note = (kind: StripeLogEntry['kind'], intent: FakeIntent, amount: number, reason?: 'canceled' | 'lapsed') =>
    log.push({
      kind,
      session: sessionOfIntent(intent)?.id ?? '',
      paymentIntent: intent.id,
      amount,
      ...(reason ? { reason } : {}),
    });
  const unexpectedState = (intent: FakeIntent, verb: string, allowed: string) =>
    new StripeRefusal(
      400,
      'invalid_request_error',
      `This PaymentIntent could not be ${verb} because it has a status of ${intent.status}. ` +
        `Only a PaymentIntent with one of the following statuses may be ${verb}: ${allowed}.`,
      { code: 'payment_intent_unexpected_state', payment_intent: intentJson(intent) },
    );

  function createSession(params: Params): FakeSession {
    unknownParam(params, SESSION_PARAMS);
    const mode = textOf(params.mode);
    if (!mode) throw missing('mode');
    if (mode !== 'payment') throw invalidParam('mode', 'This fake makes Checkout Sessions in payment mode only.');
    const successUrl = textOf(params.success_url);
    if (!successUrl) throw missing('success_url');
    const items = listOf(params.line_items).map(paramsOf);
    if (items.length === 0) throw missing('line_items');
    let currency = '';
    let amount = 0;
    const names: string[] = [];
    items.forEach((item, index) => {
      const price = paramsOf(item.price_data);
      const name = textOf(paramsOf(price.product_data).name);
      const itemCurrency = textOf(price.currency)?.toLowerCase() ?? '';
      if (!/^[a-z]{3}$/.test(itemCurrency)) throw missing(`line_items[${index}][price_data][currency]`);
      if (!name) throw missing(`line_items[${index}][price_data][product_data][name]`);
      if (currency && itemCurrency !== currency) {
        throw invalidParam('line_items', 'All line items of a Checkout Session must have the same currency.');
      }
      currency = itemCurrency;
      const quantity = integer(`line_items[${index}][quantity]`, textOf(item.quantity), 1);
      amount += integer(`line_items[${index}][price_data][unit_amount]`, textOf(price.unit_amount), 0) * quantity;
      names.push(name);
    });
    const least = MINIMUM[currency] ?? 50;
    if (amount < least) {
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        `The Checkout Session's total amount due must add up to at least ${least} ${currency}.`,
        { code: 'amount_too_small' },
        true,
      );
    }
    if (amount > MAXIMUM) {
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        `Amount must be no more than ${MAXIMUM}.`,
        { code: 'amount_too_large' },
        true,
      );
    }
    const data = paramsOf(params.payment_intent_data);
    unknownParam(data, INTENT_DATA_PARAMS, 'payment_intent_data.');
    const captureMethod = textOf(data.capture_method) ?? 'automatic';
    if (!CAPTURE_METHODS.has(captureMethod)) {
      throw invalidParam('payment_intent_data[capture_method]', `Invalid capture_method: ${captureMethod}`);
    }
    const created = nowSeconds();
    const session: FakeSession = {
      id: stripeId('cs_test_a1', 56),
      amount,
      currency,
      status: 'open',
      intentId: null,
      successUrl,
      cancelUrl: textOf(params.cancel_url) ?? null,
      metadata: strings(paramsOf(params.metadata)),
      intent: {
        captureMethod: captureMethod as FakeIntent['captureMethod'],
        description: textOf(data.description) ?? null,
        metadata: strings(paramsOf(data.metadata)),
      },
      names,
      created,
      expiresAt: textOf(params.expires_at)
        ? integer('expires_at', textOf(params.expires_at), created)
        : created + 86_400,
    };
    sessions.set(session.id, session);
    return session;
  }

  /** The shopper submits a card on the hosted page: the error shown on the page, or the session completed. */
  function pay(sessionId: string, cardNumber: string): { error?: string; session: FakeSession } {
    const session = sessionOf(sessionId);
    if (session.status !== 'open') return { error: 'This Checkout Session is no longer active.', session };
    const number = cardNumber.replace(/[\s-]/g, '');
    const decline = DECLINES[number];
    if (!decline && !TEST_CARDS.ok.includes(number)) return { error: 'Your card number is invalid.', session };
    let intent = session.intentId ? intents.get(session.intentId) : undefined;
    if (!intent) {
      intent = {
        id: stripeId('pi_3'),
        amount: session.amount,
        currency: session.currency,
        ...session.intent,
        status: 'requires_payment_method',
        amountCapturable: 0,
        amountReceived: 0,
        created: nowSeconds(),
        canceledAt: null,
        cancellationReason: null,
        lastPaymentError: null,
        latestCharge: null,
      };
      intents.set(intent.id, intent);
      session.intentId = intent.id;
    }
    intent.latestCharge = stripeId('ch_3');
    if (decline) {
      const message =
        decline === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.';
      intent.lastPaymentError = { type: 'card_error', code: 'card_declined', decline_code: decline, message };
      note('decline', intent, 0);
      return { error: message, session };
    }
    intent.lastPaymentError = null;
    session.status = 'complete';
    note('authorisation', intent, intent.amount);
    if (intent.captureMethod === 'manual') {
      intent.status = 'requires_capture';
      intent.amountCapturable = intent.amount;
    } else {
      intent.status = 'succeeded';
      intent.amountReceived = intent.amount;
      note('capture', intent, intent.amount);
    }
    return { session };
  }

  function capture(id: string, params: Params): FakeIntent {
    const intent = intentOf(id);
    unknownParam(params, new Set(['amount_to_capture', 'metadata', 'expand']));
    const asked = textOf(params.amount_to_capture);
    const amount = asked === undefined ? intent.amountCapturable : integer('amount_to_capture', asked, 1);
    if (intent.status !== 'requires_capture') throw unexpectedState(intent, 'captured', 'requires_capture');
    if (amount > intent.amountCapturable) {
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        `The amount_to_capture (${amount}) must be less than or equal to the amount_capturable (${intent.amountCapturable}).`,
        { code: 'amount_too_large', param: 'amount_to_capture' },
      );
    }
    // What is not captured is let go at once (final_capture defaults to true).
    Object.assign(intent, { status: 'succeeded', amountReceived: amount, amountCapturable: 0 });
    note('capture', intent, amount);
    return intent;
  }

  function cancel(id: string, params: Params, reason: 'canceled' | 'lapsed' = 'canceled'): FakeIntent {
    const intent = intentOf(id);
    unknownParam(params, new Set(['cancellation_reason', 'expand']));
    if (!CANCELABLE.has(intent.status)) {
      throw unexpectedState(intent, 'canceled', [...CANCELABLE].join(', '));
    }
    if (intent.status === 'requires_capture') note('release', intent, intent.amountCapturable, reason);
    Object.assign(intent, {
      status: 'canceled',
      amountCapturable: 0,
      canceledAt: nowSeconds(),
      cancellationReason: reason === 'lapsed' ? 'automatic' : (textOf(params.cancellation_reason) ?? null),
    });
    return intent;
  }

  function expire(id: string): FakeSession {
    const session = sessionOf(id);
    if (session.status !== 'open') {
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        'Only Checkout Sessions with a status in ["open"] can be expired.',
      );
    }
    session.status = 'expired';
    const intent = session.intentId ? intents.get(session.intentId) : undefined;
    if (intent && CANCELABLE.has(intent.status)) cancel(intent.id, { cancellation_reason: 'abandoned' });
    log.push({ kind: 'expire', session: session.id, paymentIntent: intent?.id ?? null, amount: 0 });
    return session;
  }

  return { sessions, intents, log, note, sessionOf, intentOf, createSession, pay, capture, cancel, expire };
}

export type StripeLedger = ReturnType<typeof createStripeLedger>;
