import { createHash } from 'node:crypto';
import type { BankPayouts, Payout, PayoutInput, PayoutState, RecipientInput } from './port.js';

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * Pays nothing: answers as a provider would, a transfer paid at once, the same one again for the same idempotency key
 * (kept for the life of the process; the request's row keeps the transfer id beyond it).
 */
export class SandboxBankPayouts implements BankPayouts {
  private readonly made = new Map<string, Payout & { input: PayoutInput }>();

  createRecipient(input: RecipientInput): Promise<{ accountId: string }> {
    return Promise.resolve({ accountId: `sandbox-acct-${digest(`${input.iban}|${input.holder}|${input.currency}`)}` });
  }

  pay(input: PayoutInput): Promise<Payout> {
    const existing = this.made.get(input.idempotencyKey);
    if (existing) return Promise.resolve({ transferId: existing.transferId, state: existing.state });
    const payout = { transferId: `sandbox-tr-${digest(input.idempotencyKey)}`, state: 'paid' as const };
    this.made.set(input.idempotencyKey, { ...payout, input });
    return Promise.resolve(payout);
  }

  /** Every sandbox transfer is paid the moment it is made. */
  status(transferId: string): Promise<PayoutState> {
    return Promise.resolve(transferId.startsWith('sandbox-tr-') ? 'paid' : 'failed');
  }

  /** What was paid, for tests: one entry per transfer. */
  transfers(): PayoutInput[] {
    return [...this.made.values()].map((payout) => payout.input);
  }
}
