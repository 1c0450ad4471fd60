import { calls, MERCHANT_BASE, RefundState } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeWise, type FakeWise } from '../../../test/fakes/wise-server.js';
import { buildTestApp, dialects, merchantAction, shop, submitReturn, type TestApp } from '../../../test/helper.js';

const IBAN = 'GB82 WEST 1234 5698 7654 32';

/** Bank-transfer refunds with the server configured for Wise (PAYOUTS=wise), against the local fake of its API. */
describe.each(dialects)('bank-transfer refunds through Wise on %s', (dialect) => {
  let wise: FakeWise;
  let t: TestApp;
  // A fresh Wise per test: every test's database starts its request ids at 1 again, on the same clock.
  beforeEach(async () => {
    wise = await startFakeWise();
    t = await buildTestApp(dialect, {
      PAYOUTS: 'wise',
      WISE_API_TOKEN: wise.apiToken,
      WISE_PROFILE_ID: String(wise.profileId),
      WISE_BASE_URL: wise.baseUrl,
      VENDOR_TIMEOUT_MS: '1000',
    });
  });
  afterEach(async () => {
    await t.close();
    await wise.close();
  });

  const merchant = (requestId: number, action: string) => merchantAction(t, requestId, action);
  const refundStateSeenByMerchant = async (requestId: number) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `${MERCHANT_BASE}/requests/${String(requestId)}`,
        headers: { authorization: 'Bearer demo-merchant-key' },
      })
    ).json<{ data: { refund_state: string } }>().data.refund_state;

  /** Alice's return refunded by bank transfer, received by the merchant and ready for the refund. */
  async function receivedBankReturn() {
    const token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' }))
      .body.data.token;
    const orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], '#1001').id;
    const payee = { order_id: orderId, name: 'Alice', surname: 'Walker', iban: IBAN, currency: 'GBP' };
    const account_id = (await t.call(calls.wiseCustomerCreate, payee, token)).body.data.account_id;
    const wiseBody = { iban: IBAN, name: 'Alice Walker', account_id, currency: 'GBP' };
    const submitted = await submitReturn(t, { solution_id: 6, extra: { wise: wiseBody } });
    for (const action of ['approve', 'receive']) {
      await merchant(submitted.requestId, action);
      await t.app.ctx.worker.runDue();
    }
    return submitted;
  }
  const transfersTo = (reference: string) => wise.transfers().filter((tr) => tr.reference.includes(reference));

  it('pays once though answers are lost and funding fails for a while; the merchant sees processing, then refunded', async () => {
    const { token, requestId } = await receivedBankReturn();
    const recipient = wise.calls.find((call) => call.path === '/v1/accounts');
    expect(recipient?.body).toMatchObject({ type: 'iban', details: { iban: IBAN.replaceAll(' ', '') } });
    // Wise makes the transfer but its answer never arrives, then the funding call fails past the adapter's retries.
    wise.faults.dropAnswer = { count: 1, path: /^\/v1\/transfers$/ };
    wise.faults.fail = { count: 1000, status: 503, path: /\/payments$/ };
    await merchant(requestId, 'refund');
    await t.app.ctx.worker.runDue();
    expect(await refundStateSeenByMerchant(requestId)).toBe(RefundState.Processing);
    const order = (await t.call(calls.refundCheck, { id: requestId }, token)).body.data.detail.order_no;

    wise.faults.fail = { count: 0, status: 503 };
    t.clock.advance(60_000);
    await t.app.ctx.worker.runDue();
    const [transfer, ...more] = transfersTo(order);
    expect(more).toEqual([]);
    expect(present(transfer, 'the transfer').funded).toBe(1);
    expect(await refundStateSeenByMerchant(requestId)).toBe(RefundState.Processing);

    wise.setTransferStatus(present(transfer, 'the transfer').id, 'outgoing_payment_sent');
    t.clock.advance(5 * 60_000);
    await t.app.ctx.worker.runDue();
    expect(await refundStateSeenByMerchant(requestId)).toBe(RefundState.Refunded);
    const detail = (await t.call(calls.refundCheck, { id: requestId }, token)).body.data.detail;
    expect(detail.refund_state).toBe(RefundState.Refunded);
    expect(detail.actual_refund).toBeGreaterThan(0);
    expect(transfersTo(order)).toHaveLength(1);
  });

  it('shows the merchant a failed refund when Wise keeps failing, and pays nothing', async () => {
    const { requestId } = await receivedBankReturn();
    const before = wise.transfers().length;
    wise.faults.fail = { count: 10_000, status: 500, path: /^\/v1\/transfers$/ };
    await merchant(requestId, 'refund');
    for (let attempt = 0; attempt < 8; attempt++) {
      await t.app.ctx.worker.runDue();
      t.clock.advance(60 * 60_000);
    }
    wise.faults.fail = { count: 0, status: 503 };
    expect(await refundStateSeenByMerchant(requestId)).toBe(RefundState.Failed);
    expect(wise.transfers().length).toBe(before);
  });
});
