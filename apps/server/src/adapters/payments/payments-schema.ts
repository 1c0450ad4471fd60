/** The sandbox payments adapter's one table (migration 045): each payment started, and what became of it. */
export interface SandboxPaymentsTable {
  /** `sbx_pay_…`, the port's paymentId. */
  id: string;
  /** Ours (PaymentStart.idempotencyKey): a second start with it answers this row. */
  idempotency_key: string;
  amount: number;
  captured_amount: number;
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

export interface SandboxPaymentsSchema {
  sandbox_payments: SandboxPaymentsTable;
}
