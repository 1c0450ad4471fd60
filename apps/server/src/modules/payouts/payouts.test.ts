import { calls, Code, messages } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  dialects,
  merchantAction,
  shop,
  submitReturn,
  trySubmitReturn,
  type TestApp,
} from '../../../test/helper.js';

const IBAN = 'GB82 WEST 1234 5698 7654 32';

describe.each(dialects)('bank-transfer refunds on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const signIn = async (email: string, order_number: string) => {
    const token = (await t.call(calls.login, { shop_url: shop, email, order_number })).body.data.token;
    const orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], order_number).id;
    return { token, orderId };
  };
  const payee = async (session: { token: string; orderId: number }, iban = IBAN) =>
    t.call(
      calls.wiseCustomerCreate,
      { order_id: session.orderId, name: 'Carol', surname: 'Smith', iban, currency: 'GBP' },
      session.token,
    );
  const merchant = (requestId: number, action: string) => merchantAction(t, requestId, action);

  it('offers a bank transfer, and takes only a valid IBAN for the payee', async () => {
    const carol = await signIn('carol@example.com', '#1004');
    const info = (await t.call(calls.orderInfo, { order_id: carol.orderId }, carol.token)).body.data;
    expect(info.returnSolution.map((s) => s.id)).toContain(6);
    expect(info.customer_wise_currency).toBe('GBP');
    const wrong = await payee(carol, 'GB82 WEST 1234 5698 7654 33');
    expect(wrong.body).toMatchObject({ code: Code.InvalidInput, msg: `iban: ${messages.invalidIban}` });
    const right = await payee(carol);
    expect(right.body.code).toBe(Code.Success);
    expect(right.body.data.account_id).not.toBe('');
    const stored = await t.db.selectFrom('payout_recipients').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ holder: 'Carol Smith', iban_last4: '5432', currency: 'GBP' });
  });

  it('hands the bank account back masked, so that a returning shopper need not type it again (#30)', async () => {
    const first = await signIn('carol@example.com', '#1004');
    const account_id = (await payee(first)).body.data.account_id;
    // Later, in another session: the order answers the account, with only the IBAN's last four characters.
    const later = await signIn('carol@example.com', '#1004');
    const info = (await t.call(calls.orderInfo, { order_id: later.orderId }, later.token)).body.data;
    expect(info).toMatchObject({
      customer_wise_name: 'Carol Smith',
      customer_wise_iban: '•••• 5432',
      wise_account_id: account_id,
      customer_wise_currency: 'GBP',
    });
    expect(JSON.stringify(info)).not.toContain('WEST');
    // The account handed back is the one a submit may name.
    const wise = { iban: info.customer_wise_iban, name: info.customer_wise_name, account_id, currency: 'GBP' };
    const { requestId } = await submitReturn(t, {
      order: '#1004',
      email: 'carol@example.com',
      title: 'Merino Sweater',
      solution_id: 6,
      extra: { wise },
    });
    expect(requestId).toBeGreaterThan(0);
    // Another order has none.
    const alice = await signIn('alice@example.com', '#1001');
    const hers = (await t.call(calls.orderInfo, { order_id: alice.orderId }, alice.token)).body.data;
    expect(hers).toMatchObject({ customer_wise_name: '', customer_wise_iban: '', wise_account_id: '' });
  });

  it('makes no payee for an order of someone else', async () => {
    const carol = await signIn('carol@example.com', '#1004');
    const alice = await signIn('alice@example.com', '#1001');
    expect((await payee({ token: alice.token, orderId: carol.orderId })).body.code).toBe(Code.NotFound);
  });

  it('submits a bank transfer only with a payee of the same order', async () => {
    const alice = await signIn('alice@example.com', '#1001');
    const carol = await signIn('carol@example.com', '#1004');
    const carols = (await payee(carol)).body.data.account_id;
    const wise = (account_id: string) => ({ iban: IBAN, name: 'Alice Walker', account_id, currency: 'GBP' });
    const without = await trySubmitReturn(t, { solution_id: 6 });
    expect(without.body.msg).toBe(`wise: ${messages.provideRequiredInformation}`);
    const borrowed = await trySubmitReturn(t, { solution_id: 6, extra: { wise: wise(carols) } });
    expect(borrowed.body.msg).toBe(`wise: ${messages.provideRequiredInformation}`);
    const own = (await payee(alice)).body.data.account_id;
    const { requestId } = await submitReturn(t, { solution_id: 6, extra: { wise: wise(own) } });
    const row = await t.db
      .selectFrom('return_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(row.payout_account_id).toBe(own);
  });

  it('pays the refund out to the bank once, when the merchant refunds', async () => {
    const alice = await signIn('alice@example.com', '#1001');
    const account_id = (await payee(alice)).body.data.account_id;
    const { token, requestId } = await submitReturn(t, {
      solution_id: 6,
      extra: { wise: { iban: IBAN, name: 'Alice Walker', account_id, currency: 'GBP' } },
    });
    for (const action of ['approve', 'receive', 'refund']) {
      expect([action, (await merchant(requestId, action)).statusCode]).toEqual([action, 200]);
      await t.app.ctx.worker.runDue();
    }
    const status = (await t.call(calls.refundCheck, { id: requestId }, token)).body.data.detail;
    expect(status.refund_state).toBe('refunded');
    expect(status.actual_refund).toBeGreaterThan(0);
    const row = await t.db
      .selectFrom('return_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(row.payout_state).toBe('paid');
    expect(row.payout_transfer_id).not.toBe('');
    expect((await merchant(requestId, 'refund')).statusCode).not.toBe(200);
  });
});
