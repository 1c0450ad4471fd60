import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from './stripe-server.js';

interface Json {
  id?: string;
  url?: string;
  payment_intent?: { id: string; status: string; latest_charge?: unknown };
  object?: string;
  amount?: number;
  status?: string;
  error?: { message: string };
}

/** The fake refuses what Stripe refuses, in Stripe's shapes, whoever calls it (not only StripePayments). */
describe('fake Stripe', () => {
  let stripe: FakeStripe;
  beforeEach(async () => {
    stripe = await startFakeStripe();
  });
  afterEach(() => stripe.close());

  const call = async (method: string, path: string, form = '', headers: Record<string, string> = {}) => {
    const response = await fetch(`${stripe.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${stripe.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      },
      ...(method === 'POST' ? { body: form } : {}),
    });
    return { status: response.status, headers: response.headers, json: (await response.json()) as Json };
  };
  const session = (amount: number, capture = 'manual') =>
    'mode=payment&success_url=https%3A%2F%2Fshop.example%2Fok&line_items[0][quantity]=1' +
    `&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=${amount}` +
    `&line_items[0][price_data][product_data][name]=Hold&payment_intent_data[capture_method]=${capture}`;
  const paidIntent = async (capture = 'manual') => {
    const created = await call('POST', '/v1/checkout/sessions', session(5000, capture));
    await stripe.submitCard(created.json.url ?? '', '4242 4242 4242 4242');
    const read = await call('GET', `/v1/checkout/sessions/${created.json.id ?? ''}?expand[0]=payment_intent`);
    return read.json.payment_intent ?? { id: '', status: '' };
  };

  it('asks for the secret key as Bearer auth', async () => {
    const none = await call('GET', '/v1/payment_intents/pi_1', '', { authorization: '' });
    expect(none).toMatchObject({ status: 401, json: { error: { type: 'invalid_request_error' } } });
    const wrong = await call('GET', '/v1/payment_intents/pi_1', '', { authorization: 'Bearer sk_test_wrong_key' });
    expect(wrong.json.error?.message).toBe('Invalid API Key provided: sk_test_****_key');
  });

  it('refuses unknown and missing parameters, and unknown ids, as Stripe does', async () => {
    expect(await call('POST', '/v1/checkout/sessions', `${session(5000)}&colour=red`)).toMatchObject({
      status: 400,
      json: { error: { code: 'parameter_unknown', param: 'colour' } },
    });
    expect(await call('POST', '/v1/checkout/sessions', 'mode=payment')).toMatchObject({
      status: 400,
      json: { error: { code: 'parameter_missing', param: 'success_url' } },
    });
    expect(await call('GET', '/v1/checkout/sessions/cs_test_nope')).toMatchObject({
      status: 404,
      json: { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'session' } },
    });
    expect(await call('POST', '/v1/payment_intents/pi_nope/capture')).toMatchObject({
      status: 404,
      json: { error: { code: 'resource_missing', message: "No such payment_intent: 'pi_nope'" } },
    });
  });

  it('refuses to capture more than authorised, to capture a canceled PaymentIntent, to cancel a captured one', async () => {
    const held = await paidIntent();
    expect(held.status).toBe('requires_capture');
    expect(await call('POST', `/v1/payment_intents/${held.id}/capture`, 'amount_to_capture=5001')).toMatchObject({
      status: 400,
      json: { error: { code: 'amount_too_large', param: 'amount_to_capture' } },
    });
    await call('POST', `/v1/payment_intents/${held.id}/cancel`);
    expect(await call('POST', `/v1/payment_intents/${held.id}/capture`)).toMatchObject({
      status: 400,
      json: { error: { code: 'payment_intent_unexpected_state', payment_intent: { id: held.id, status: 'canceled' } } },
    });
    const charged = await paidIntent('automatic');
    expect(charged.status).toBe('succeeded');
    expect(await call('POST', `/v1/payment_intents/${charged.id}/cancel`)).toMatchObject({
      status: 400,
      json: { error: { code: 'payment_intent_unexpected_state' } },
    });
    expect(stripe.log.map((entry) => entry.kind)).toEqual(['authorisation', 'release', 'authorisation', 'capture']);
  });

  it('replays a kept answer for the same key and parameters, and refuses the key with other parameters', async () => {
    const key = { 'idempotency-key': 'k-1' };
    const first = await call('POST', '/v1/checkout/sessions', session(5000), key);
    const again = await call('POST', '/v1/checkout/sessions', session(5000), key);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await call('POST', '/v1/checkout/sessions', session(6000), key)).toMatchObject({
      status: 400,
      json: { error: { type: 'idempotency_error' } },
    });
    expect(stripe.sessions()).toHaveLength(1);
  });

  it('keeps no answer for a request refused before it ran, so the key still works once it is put right', async () => {
    const key = { 'idempotency-key': 'k-2' };
    expect((await call('POST', '/v1/checkout/sessions', 'mode=payment', key)).status).toBe(400);
    expect((await call('POST', '/v1/checkout/sessions', session(5000), key)).status).toBe(200);
  });

  it('expires only an open session', async () => {
    const created = await call('POST', '/v1/checkout/sessions', session(5000));
    const path = `/v1/checkout/sessions/${created.json.id ?? ''}/expire`;
    expect(await call('POST', path)).toMatchObject({ status: 200, json: { status: 'expired', url: null } });
    expect(await call('POST', path)).toMatchObject({ status: 400, json: { error: { type: 'invalid_request_error' } } });
  });

  it('refunds a succeeded charge in parts, and refuses an uncaptured one, too much, and one refunded in full', async () => {
    const hold = await paidIntent();
    expect(await call('POST', '/v1/refunds', `payment_intent=${hold.id}&amount=100`)).toMatchObject({
      status: 400,
      json: { error: { code: 'charge_not_refundable' } },
    });
    const charged = await paidIntent('automatic');
    const refund = (amount: string) => call('POST', '/v1/refunds', `payment_intent=${charged.id}${amount}`);
    expect(await refund('&amount=2000')).toMatchObject({ status: 200, json: { object: 'refund', amount: 2000 } });
    expect(await refund('&amount=3001')).toMatchObject({ status: 400, json: { error: { code: 'amount_too_large' } } });
    expect(await refund('')).toMatchObject({ status: 200, json: { amount: 3000, status: 'succeeded' } });
    expect(await refund('&amount=1')).toMatchObject({
      status: 400,
      json: { error: { code: 'charge_already_refunded' } },
    });
    const sessionId = stripe.sessions().find((s) => s.intentId === charged.id)?.id ?? '';
    const read = await call('GET', `/v1/checkout/sessions/${sessionId}?expand[0]=payment_intent.latest_charge`);
    expect(read.json.payment_intent).toMatchObject({ latest_charge: { amount_refunded: 5000, refunded: true } });
    expect(stripe.log.filter((entry) => entry.kind === 'refund').map((entry) => entry.amount)).toEqual([2000, 3000]);
  });
});
