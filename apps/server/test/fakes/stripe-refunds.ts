import { invalidParam, missing, nowSeconds, stripeId, StripeRefusal, type FakeIntent } from './stripe-documents.js';
import type { StripeLedger } from './stripe-ledger.js';
import { textOf, type Params } from './stripe-form.js';

const REFUND_PARAMS = new Set(['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);

/**
 * Refunds of the fake Stripe (POST /v1/refunds by PaymentIntent), with Stripe's refusals: a PaymentIntent without a
 * succeeded charge, an amount above what is left of the charge, a charge already refunded in full. A card refund
 * succeeds at once; the charge (the PaymentIntent's `latest_charge`) counts what was refunded of it.
 */
export function createStripeRefunds(ledger: StripeLedger) {
  const refunded = new Map<string, number>();

  const refundedOf = (intent: FakeIntent) => refunded.get(intent.id) ?? 0;

  function refund(params: Params): Record<string, unknown> {
    const extra = Object.keys(params).find((key) => !REFUND_PARAMS.has(key));
    if (extra) throw invalidParam(extra, `Received unknown parameter: ${extra}`, 'parameter_unknown');
    const intentId = textOf(params.payment_intent);
    if (!intentId) throw missing('payment_intent');
    const intent = ledger.intentOf(intentId);
    if (intent.status !== 'succeeded' || !intent.latestCharge) {
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        { code: 'charge_not_refundable' },
      );
    }
    const left = intent.amountReceived - refundedOf(intent);
    if (left <= 0) {
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        `Charge ${intent.latestCharge} has already been refunded.`,
        { code: 'charge_already_refunded' },
      );
    }
    const asked = textOf(params.amount);
    if (asked !== undefined && (!/^\d+$/.test(asked) || Number(asked) < 1))
      throw invalidParam('amount', 'Invalid positive integer', 'parameter_invalid_integer');
    const amount = asked === undefined ? left : Number(asked);
    if (amount > left) {
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    refunded.set(intent.id, refundedOf(intent) + amount);
    ledger.note('refund', intent, amount);
    return {
      id: stripeId('re_3'),
      object: 'refund',
      amount,
      charge: intent.latestCharge,
      created: nowSeconds(),
      currency: intent.currency,
      metadata: {},
      payment_intent: intent.id,
      reason: textOf(params.reason) ?? null,
      status: 'succeeded',
    };
  }

  /** The PaymentIntent's latest charge as `expand[]=payment_intent.latest_charge` writes it. */
  function chargeJson(intent: FakeIntent): Record<string, unknown> | null {
    if (!intent.latestCharge) return null;
    const succeeded = intent.status === 'succeeded';
    const amountRefunded = refundedOf(intent);
    return {
      id: intent.latestCharge,
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amountReceived,
      amount_refunded: amountRefunded,
      captured: succeeded,
      currency: intent.currency,
      paid: intent.lastPaymentError === null,
      payment_intent: intent.id,
      refunded: succeeded && amountRefunded >= intent.amountReceived,
      status: intent.lastPaymentError === null ? 'succeeded' : 'failed',
    };
  }

  return { refund, chargeJson };
}
