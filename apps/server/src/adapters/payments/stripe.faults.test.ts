import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeStripe, type FakeStripe, type StripeFaults } from '../../../test/fakes/stripe-server.js';
import type { PaymentStart } from './port.js';
import { StripePayments } from './stripe.js';

let stripe: FakeStripe;
let payments: StripePayments;

const input: PaymentStart = {
  amount: 5000,
  currency: 'EUR',
  capture: 'hold',
  idempotencyKey: 'exchange-1-hold',
  description: 'Hold for exchange #1004-R1',
  returnUrl: 'https://returns.example.com/exchange/1/paid',
  cancelUrl: 'https://returns.example.com/exchange/1',
};

beforeEach(async () => {
  stripe = await startFakeStripe();
  payments = new StripePayments({ secretKey: stripe.secretKey, baseUrl: stripe.baseUrl, timeoutMs: 250 });
});
afterEach(() => stripe.close());

const held = async () => {
  const started = await payments.start(input);
  await stripe.submitCard(started.payUrl ?? '', '4242424242424242');
  return started.paymentId;
};
const moves = () => stripe.log.map((entry) => `${entry.kind} ${entry.amount}`);
const posts = (path: RegExp) => stripe.calls.filter((call) => call.method === 'POST' && path.test(call.path));
const keysOf = (path: RegExp) => new Set(posts(path).map((call) => call.idempotencyKey));

const SESSIONS = /^\/v1\/checkout\/sessions$/;
const CAPTURE = /\/capture$/;
const CANCEL = /\/cancel$/;
const REFUNDS = /^\/v1\/refunds$/;
type Step = [name: string, only: RegExp, act: () => Promise<unknown>, after: string[]];
const steps: Step[] = [
  ['the start', /^POST \/v1\/checkout\/sessions$/, () => held(), ['authorisation 5000']],
  [
    'the capture',
    /^POST .*\/capture$/,
    async () => payments.capture(await held(), 3000, 'exchange-1-capture'),
    ['authorisation 5000', 'capture 3000'],
  ],
  [
    'the release',
    /^POST .*\/cancel$/,
    async () => payments.release(await held(), 'exchange-1-release'),
    ['authorisation 5000', 'release 5000'],
  ],
  [
    'the refund',
    /^POST \/v1\/refunds$/,
    async () => {
      const paymentId = await held();
      await payments.capture(paymentId, 3000, 'exchange-1-capture');
      return payments.refund(paymentId, 3000, 'exchange-1-refund');
    },
    ['authorisation 5000', 'capture 3000', 'refund 3000'],
  ],
];
const pathOf: Record<string, RegExp> = {
  'the start': SESSIONS,
  'the capture': CAPTURE,
  'the release': CANCEL,
  'the refund': REFUNDS,
};

const faults: [string, (faults: StripeFaults, only: RegExp) => void][] = [
  ['an answer slower than the timeout', (f, only) => (f.delay = { count: 1, ms: 700, only })],
  ['a lost answer (done at Stripe, the connection cut)', (f, only) => (f.dropAnswer = { count: 1, only })],
  ['a 500', (f, only) => (f.fail = { count: 1, status: 500, only })],
];

describe.each(faults)('stripe: %s', (_fault, inject) => {
  it.each(steps)('on %s is retried with the same key, and money moves once', async (name, only, act, after) => {
    inject(stripe.faults, only);
    await act();
    expect(moves()).toEqual(after);
    const path = pathOf[name] ?? SESSIONS;
    expect(posts(path).length).toBeGreaterThan(1);
    expect(keysOf(path).size).toBe(1);
    expect(stripe.sessions()).toHaveLength(1);
  });
});

describe('stripe: faults that outlast the retries', () => {
  it('gives up on a read that never answers in time, naming Stripe, the call and the timeout', async () => {
    const paymentId = await held();
    stripe.faults.delay = { count: Infinity, ms: 60_000, only: /^GET / };
    await expect(payments.get(paymentId)).rejects.toMatchObject({
      name: 'StripePaymentsError',
      code: 'timeout',
      message: `Stripe GET /v1/checkout/sessions/${paymentId}: no answer within 250 ms (4 tries)`,
    });
  });

  it('gives up on a start whose first try is still running, and the next start finds that session', async () => {
    stripe.faults.delay = { count: 1, ms: 3000, only: /^POST \/v1\/checkout\/sessions$/ };
    await expect(payments.start(input)).rejects.toMatchObject({ status: 409, code: 'idempotency_key_in_use' });
    // Stripe finishes the first try meanwhile.
    await vi.waitFor(() => expect(stripe.sessions()).toHaveLength(1), { timeout: 10_000, interval: 100 });
    const started = await payments.start(input);
    expect(stripe.sessions().map((session) => session.id)).toEqual([started.paymentId]);
  });

  it('gives up on a persistent 5xx, having made nothing', async () => {
    stripe.faults.fail = { count: Infinity, status: 503 };
    await expect(payments.start(input)).rejects.toMatchObject({
      name: 'StripePaymentsError',
      status: 503,
      message: expect.stringMatching(
        /^Stripe POST \/v1\/checkout\/sessions: HTTP 503 api_error: .* \(4 tries\)$/,
      ) as unknown,
    });
    expect(stripe.sessions()).toEqual([]);
  });

  it('a capture whose answer is lost every time fails; the next capture with the key finds it made, once', async () => {
    const paymentId = await held();
    stripe.faults.dropAnswer = { count: Infinity, only: /^POST .*\/capture$/ };
    await expect(payments.capture(paymentId, 3000, 'exchange-1-capture')).rejects.toMatchObject({ code: 'network' });
    stripe.faults.dropAnswer = { count: 0 };
    expect(await payments.capture(paymentId, 3000, 'exchange-1-capture')).toMatchObject({
      state: 'captured',
      capturedAmount: 3000,
    });
    expect(moves()).toEqual(['authorisation 5000', 'capture 3000']);
    expect(keysOf(CAPTURE)).toEqual(new Set(['return-center:capture:exchange-1-capture']));
  });

  it('does not retry what Stripe refused: a wrong key, a key reused with other parameters', async () => {
    const stranger = new StripePayments({ secretKey: 'sk_test_not_this_one', baseUrl: stripe.baseUrl, timeoutMs: 250 });
    await expect(stranger.start(input)).rejects.toMatchObject({ status: 401 });
    expect(stripe.calls).toHaveLength(1);
    await payments.start(input);
    await expect(payments.start({ ...input, amount: 6000 })).rejects.toMatchObject({
      status: 400,
      code: 'idempotency_error',
    });
    expect(posts(SESSIONS)).toHaveLength(3);
    expect(stripe.sessions()).toHaveLength(1);
  });
});
