/**
 * Card holds and payments (ADR 047): Stripe in production, a sandbox by default. A payment is started by the server,
 * authorised by the shopper on the provider's page (`payUrl`), then read back, captured or released by the server.
 */

/** `hold`: authorised only, captured or released later (an instant exchange); `charge`: taken at once (a difference). */
export type CaptureMode = 'hold' | 'charge';

/**
 * - `awaiting_shopper`: started, the shopper has not authorised it yet (or the card was declined and may be retried);
 * - `held`: authorised and not taken (a hold);
 * - `captured`: taken, in full or in part (`capturedAmount`); the rest of a hold is let go;
 * - `released`: a hold let go without taking anything, or a start the shopper abandoned.
 */
export type PaymentState = 'awaiting_shopper' | 'held' | 'captured' | 'released';

export interface PaymentStart {
  /** In minor units of `currency`; more than 0. */
  amount: number;
  /** ISO 4217. */
  currency: string;
  capture: CaptureMode;
  /** Ours, stable for one payment: a retry with the same key answers the first payment again, never a second one. */
  idempotencyKey: string;
  /** Shown to the shopper on the provider's page and on their statement where the provider allows. */
  description: string;
  /** Absolute URLs of our site the provider's page sends the shopper back to. */
  returnUrl: string;
  cancelUrl: string;
}

export interface Payment {
  paymentId: string;
  state: PaymentState;
  /** What was asked (and, once held or captured, authorised), in minor units. */
  amount: number;
  capturedAmount: number;
  /** What was given back of the captured amount so far (0 ≤ refundedAmount ≤ capturedAmount). */
  refundedAmount: number;
  currency: string;
  capture: CaptureMode;
  /** The provider's page where the shopper authorises the payment, while `awaiting_shopper`; null afterwards. */
  payUrl: string | null;
}

/**
 * The provider refused the call for good (a declined card, an amount above the hold or above what is left to refund, a
 * hold already let go, a refund of a payment that took nothing).
 */
export class PaymentRefused extends Error {
  constructor(
    readonly code: 'declined' | 'amount_too_large' | 'not_capturable' | 'not_refundable' | 'not_found',
    message: string,
  ) {
    super(message);
    this.name = 'PaymentRefused';
  }
}

export interface Payments {
  /** Starts a payment for the shopper to authorise at `payUrl`; the same idempotency key answers the same payment. */
  start(input: PaymentStart): Promise<Payment>;
  /** The payment as the provider sees it now (after the shopper came back, or to reconcile). */
  get(paymentId: string): Promise<Payment>;
  /**
   * Takes `amount` (0 < amount ≤ the hold) of a `held` payment and lets the rest go. Once per payment: the same key, or a
   * capture already made, answers the captured payment again; never takes twice.
   */
  capture(paymentId: string, amount: number, idempotencyKey: string): Promise<Payment>;
  /** Lets a `held` (or `awaiting_shopper`) payment go without taking anything; once, a repeat answers it again. */
  release(paymentId: string, idempotencyKey: string): Promise<Payment>;
  /**
   * Gives `amount` (0 < amount ≤ captured − refunded) of a `captured` payment back to the shopper's card. Each key
   * refunds once: the same key answers the payment again and never refunds twice; another key is another refund.
   */
  refund(paymentId: string, amount: number, idempotencyKey: string): Promise<Payment>;
}
