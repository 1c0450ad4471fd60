/** A bank account money is sent to (a Wise recipient account in production). */
export interface RecipientInput {
  /** Full name of the account holder. */
  holder: string;
  iban: string;
  /** ISO 4217 code of the account. */
  currency: string;
}

export type PayoutState = 'processing' | 'paid' | 'failed';

export interface PayoutInput {
  accountId: string;
  /** What the shop refunds, in minor units of `currency` (the order's); the provider converts it. */
  amount: number;
  currency: string;
  /** The payee account's currency, which the shopper receives. */
  accountCurrency: string;
  /** Ours, stable for one refund: a retry with the same key never pays twice (Wise customerTransactionId). */
  idempotencyKey: string;
  reference: string;
}

export interface Payout {
  transferId: string;
  state: PayoutState;
}

/** Bank-transfer refunds (solution 6): Wise in production, a sandbox by default. */
export interface BankPayouts {
  createRecipient(input: RecipientInput): Promise<{ accountId: string }>;
  /** Quotes, creates and funds a transfer; the same idempotency key answers the first transfer again. */
  pay(input: PayoutInput): Promise<Payout>;
  status(transferId: string): Promise<PayoutState>;
}
