import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../../../test/helper.js';
import { PaymentRefused, type PaymentStart } from './port.js';

const start: PaymentStart = {
  amount: 8900,
  currency: 'usd',
  capture: 'hold',
  idempotencyKey: 'exchange-hold:1:draft-1',
  description: 'Demo: exchange for order #1001',
  returnUrl: 'http://localhost:3000/back',
  cancelUrl: 'http://localhost:3000/cancelled',
};

/** The sandbox payments provider keeps the port's promises, in the database (ADR 047). */
describe.each(dialects)('sandbox payments on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());
  const sandbox = () => present(t.app.ctx.services.payments.sandbox, 'sandbox');

  it('answers the same payment for the same key, and it survives a restart', async () => {
    const first = await sandbox().start(start);
    expect(first).toMatchObject({ state: 'awaiting_shopper', amount: 8900, currency: 'USD', capturedAmount: 0 });
    expect(first.payUrl).toMatch(/\/sandbox-pay\/sbx_pay_[0-9a-f]+\?sig=/);
    expect((await sandbox().start(start)).paymentId).toBe(first.paymentId);
    const again = await t.restart({});
    const after = present(again.ctx.services.payments.sandbox, 'sandbox');
    expect(await after.get(first.paymentId)).toMatchObject({ state: 'awaiting_shopper' });
    expect(await after.payments()).toHaveLength(1);
  });

  it('captures a hold once, at most its amount, and refuses to let a captured one go', async () => {
    const { paymentId } = await sandbox().start(start);
    await expect(sandbox().capture(paymentId, 100, 'c1')).rejects.toThrow(PaymentRefused);
    await sandbox().authorise(paymentId);
    await expect(sandbox().capture(paymentId, 9000, 'c1')).rejects.toMatchObject({ code: 'amount_too_large' });
    expect(await sandbox().capture(paymentId, 4450, 'c1')).toMatchObject({ state: 'captured', capturedAmount: 4450 });
    expect(await sandbox().capture(paymentId, 8900, 'c2')).toMatchObject({ capturedAmount: 4450 });
    await expect(sandbox().release(paymentId, 'r1')).rejects.toMatchObject({ code: 'not_capturable' });
    await expect(sandbox().get('sbx_pay_nothing')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('lets a hold go once; a charge is taken whole when authorised; a decline leaves it to retry', async () => {
    const hold = await sandbox().start(start);
    await sandbox().authorise(hold.paymentId);
    expect(await sandbox().release(hold.paymentId, 'r1')).toMatchObject({ state: 'released', payUrl: null });
    expect(await sandbox().release(hold.paymentId, 'r1')).toMatchObject({ state: 'released' });
    await expect(sandbox().capture(hold.paymentId, 1, 'c1')).rejects.toMatchObject({ code: 'not_capturable' });

    const charge = await sandbox().start({ ...start, capture: 'charge', idempotencyKey: 'difference:1' });
    await sandbox().decline(charge.paymentId);
    expect(await sandbox().get(charge.paymentId)).toMatchObject({ state: 'awaiting_shopper' });
    await sandbox().authorise(charge.paymentId);
    expect(await sandbox().get(charge.paymentId)).toMatchObject({ state: 'captured', capturedAmount: 8900 });
  });
});
