import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { SandboxPaymentsTable } from './payments-schema.js';
import { SANDBOX_PAY_PATH, type SandboxPaymentView, type SandboxPayPage } from './port-pay-page.js';
import {
  PaymentRefused,
  type CaptureMode,
  type Payment,
  type PaymentStart,
  type PaymentState,
  type Payments,
} from './port.js';

type Row = Selectable<SandboxPaymentsTable>;

/**
 * Takes no money (ADR 047): the default payments provider. Payments are rows of its own table, so they survive a
 * restart and every instance sees them; each call is idempotent by key as a real provider's is. The shopper
 * authorises on a plain page of our server (`payUrl`, signed per payment), which sends them back to `returnUrl`.
 */
export class SandboxPayments implements Payments, SandboxPayPage {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Signs pay-page links (an app secret). */
    private readonly secret: string,
    /** Our site's origin, before the pay page's path. */
    private readonly publicUrl: string,
  ) {}

  async start(input: PaymentStart): Promise<Payment> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new RangeError('amount: more than 0');
    const now = nowSeconds(this.clock);
    await this.db
      .insertInto('sandbox_payments')
      .values({
        id: `sbx_pay_${randomBytes(12).toString('hex')}`,
        idempotency_key: input.idempotencyKey,
        amount: input.amount,
        captured_amount: 0,
        currency: input.currency.toUpperCase(),
        capture: input.capture,
        state: 'awaiting_shopper',
        description: input.description,
        return_url: input.returnUrl,
        cancel_url: input.cancelUrl,
        settle_key: '',
        declines: 0,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('idempotency_key', '=', input.idempotencyKey)
      .executeTakeFirstOrThrow();
    return this.toPayment(row);
  }

  async get(paymentId: string): Promise<Payment> {
    return this.toPayment(await this.row(paymentId));
  }

  async capture(paymentId: string, amount: number, idempotencyKey: string): Promise<Payment> {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('amount: more than 0');
    const before = await this.row(paymentId);
    if (before.state === 'captured') return this.toPayment(before);
    if (before.state !== 'held') throw new PaymentRefused('not_capturable', `The payment is ${before.state}`);
    if (amount > before.amount)
      throw new PaymentRefused('amount_too_large', `At most ${String(before.amount)} can be captured`);
    await this.settle(paymentId, 'held', { state: 'captured', captured_amount: amount, settle_key: idempotencyKey });
    return this.settled(paymentId, 'captured');
  }

  async release(paymentId: string, idempotencyKey: string): Promise<Payment> {
    const before = await this.row(paymentId);
    if (before.state === 'released') return this.toPayment(before);
    if (before.state === 'captured') throw new PaymentRefused('not_capturable', 'The payment was captured');
    await this.settle(paymentId, before.state, { state: 'released', settle_key: idempotencyKey });
    return this.settled(paymentId, 'released');
  }

  async refund(paymentId: string, amount: number, idempotencyKey: string): Promise<Payment> {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('amount: more than 0');
    // The refund's row (unique by key) and the payment's total move together, or neither does.
    await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('sandbox_refunds')
        .values({
          id: `sbx_re_${randomBytes(12).toString('hex')}`,
          payment_id: paymentId,
          idempotency_key: idempotencyKey,
          amount,
          created_at: nowSeconds(this.clock),
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
      const given = await trx
        .updateTable('sandbox_payments')
        .set((eb) => ({ refunded_amount: eb('refunded_amount', '+', amount), updated_at: nowSeconds(this.clock) }))
        .where('id', '=', paymentId)
        .where('state', '=', 'captured')
        .where((eb) => eb(eb('captured_amount', '-', eb.ref('refunded_amount')), '>=', amount))
        .executeTakeFirst();
      if (Number(given.numUpdatedRows) > 0) return;
      const payment = await this.row(paymentId, trx);
      if (payment.state !== 'captured')
        throw new PaymentRefused('not_refundable', `The payment is ${payment.state}: nothing was taken`);
      const left = payment.captured_amount - payment.refunded_amount;
      throw new PaymentRefused('amount_too_large', `At most ${String(left)} is left to refund`);
    });
    return this.get(paymentId);
  }

  async view(paymentId: string, sig: string): Promise<SandboxPaymentView | null> {
    const expected = Buffer.from(this.sign(paymentId));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const row = await this.db.selectFrom('sandbox_payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
    return row
      ? { ...this.toPayment(row), description: row.description, returnUrl: row.return_url, cancelUrl: row.cancel_url }
      : null;
  }

  async authorise(paymentId: string): Promise<void> {
    const row = await this.row(paymentId);
    const state: PaymentState = row.capture === 'charge' ? 'captured' : 'held';
    await this.settle(paymentId, 'awaiting_shopper', {
      state,
      captured_amount: state === 'captured' ? row.amount : 0,
    });
  }

  async decline(paymentId: string): Promise<void> {
    await this.db
      .updateTable('sandbox_payments')
      .set((eb) => ({ declines: eb('declines', '+', 1), updated_at: nowSeconds(this.clock) }))
      .where('id', '=', paymentId)
      .where('state', '=', 'awaiting_shopper')
      .execute();
  }

  /** Every payment the sandbox holds, oldest first: what tests and the e2e suite check money calls against. */
  async payments(): Promise<(Payment & { idempotencyKey: string; settleKey: string })[]> {
    const rows = await this.db.selectFrom('sandbox_payments').selectAll().orderBy('created_at').orderBy('id').execute();
    return rows.map((row) => ({
      ...this.toPayment(row),
      idempotencyKey: row.idempotency_key,
      settleKey: row.settle_key,
    }));
  }

  /** Moves a payment on only from the state it was read in, so two racing calls settle it once. */
  private async settle(
    paymentId: string,
    from: string,
    change: Partial<Pick<Row, 'state' | 'captured_amount' | 'settle_key'>>,
  ): Promise<void> {
    await this.db
      .updateTable('sandbox_payments')
      .set({ ...change, updated_at: nowSeconds(this.clock) })
      .where('id', '=', paymentId)
      .where('state', '=', from)
      .execute();
  }

  /** The payment after a settling call: in the state asked for, else someone settled it otherwise meanwhile. */
  private async settled(paymentId: string, wanted: PaymentState): Promise<Payment> {
    const row = await this.row(paymentId);
    if (row.state !== wanted) throw new PaymentRefused('not_capturable', `The payment is ${row.state}`);
    return this.toPayment(row);
  }

  private async row(paymentId: string, db: Db = this.db): Promise<Row> {
    const row = await db.selectFrom('sandbox_payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
    if (!row) throw new PaymentRefused('not_found', `No payment ${paymentId}`);
    return row;
  }

  private sign(paymentId: string): string {
    return createHmac('sha256', this.secret).update(`sandbox-pay:${paymentId}`).digest('base64url');
  }

  private toPayment(row: Row): Payment {
    const state = row.state as PaymentState;
    return {
      paymentId: row.id,
      state,
      amount: row.amount,
      capturedAmount: row.captured_amount,
      refundedAmount: row.refunded_amount,
      currency: row.currency,
      capture: row.capture as CaptureMode,
      payUrl:
        state === 'awaiting_shopper' ? `${this.publicUrl}${SANDBOX_PAY_PATH}${row.id}?sig=${this.sign(row.id)}` : null,
    };
  }
}
