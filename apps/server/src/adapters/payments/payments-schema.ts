import type { Generated } from 'kysely';

/** The sandbox payments adapter's payments (migration 045): each payment started, and what became of it. */
export interface SandboxPaymentsTable {
  /** `sbx_pay_…`, the port's paymentId. */
  id: string;
  /** Ours (PaymentStart.idempotencyKey): a second start with it answers this row. */
  idempotency_key: string;
  amount: number;
  captured_amount: number;
  /** The sum of its refunds (migration 053). */
  refunded_amount: Generated<number>;
  currency: string;
  capture: string;
  state: string;
  description: string;
  return_url: string;
  cancel_url: string;
  /** The key of the capture or release that settled it ('' while not settled). */
  settle_key: string;
  /** How many times the shopper declined on the pay page (the sandbox's stand-in for a declined card). */
  declines: number;
  created_at: number;
  updated_at: number;
}

/** Each refund of a captured sandbox payment (migration 053), once per idempotency key. */
export interface SandboxRefundsTable {
  /** `sbx_re_…`. */
  id: string;
  payment_id: string;
  idempotency_key: string;
  amount: number;
  created_at: number;
}

export interface SandboxPaymentsSchema {
  sandbox_payments: SandboxPaymentsTable;
  sandbox_refunds: SandboxRefundsTable;
}
