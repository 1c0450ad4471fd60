import { merchantPath, RECONCILIATION_COLUMNS } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../test/csv.js';
import {
  addShop,
  buildTestApp,
  dialects,
  patchSettings,
  signInConsole,
  submitReturn,
  type TestApp,
} from '../../../test/helper.js';
import { exchangeDesk, lineVariant, type ExchangeDesk } from './test-support.js';

/** The accountant's reconciliation of exchanges (issue 36 point 5, ADR 049), through the merchant API. */
describe.each(dialects)('exchange reconciliation on %s', (dialect) => {
  let t: TestApp;
  let desk: ExchangeDesk;
  /** A shirt bought at full price, for 49.00 with no tax: with the 10% bonus, 53.90 to spend on new items. */
  let shirt: () => ReturnType<ExchangeDesk['feed']>;
  let linen: Awaited<ReturnType<ExchangeDesk['product']>>;
  let tee: number;
  let jacket: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    desk = exchangeDesk(t);
    await patchSettings(t, (settings) => {
      settings.return_setting.credit_bonus = { type: 'percent', value: 10, max: 1000 };
      settings.instant_exchange = { enabled: true, capture_after_days: 14 };
    });
    linen = await desk.product('Linen Shirt');
    tee = lineVariant(await desk.product('Cotton T-Shirt')).variantId;
    jacket = lineVariant(await desk.product('Denim Jacket')).variantId;
    shirt = () => desk.feed({ variant: lineVariant(linen), price: 4900, quantity: 1, discount: 0, tax: 0 });
  });
  afterAll(() => t.close());

  it('balances a cheaper exchange whose leftover was refunded, a dearer one paid for, and a rejected one', async () => {
    const cheaper = await desk.exchange(await shirt(), 1, [{ variant_id: tee, quantity: 1 }]);
    await desk.act(cheaper.requestId, 'approve');
    const received = await desk.act(cheaper.requestId, 'receive');
    expect(received.refundable).toBe(3000);
    await desk.act(cheaper.requestId, 'refund');
    const dearer = await desk.exchange(await shirt(), 1, [{ variant_id: jacket, quantity: 1 }]);
    expect(dearer.charged).toBe(12900 - 5390);
    await desk.act(dearer.requestId, 'approve');
    await desk.act(dearer.requestId, 'receive');
    await desk.act(dearer.requestId, 'resolve');
    const rejected = await desk.exchange(await shirt(), 1, [{ variant_id: jacket, quantity: 1 }]);
    await desk.act(rejected.requestId, 'reject', { reason: 'Worn' });

    expect(await desk.rowOf(cheaper.requestId)).toMatchObject({
      request_status: 'completed',
      currency: 'USD',
      credit: '49.00',
      swap_allowance: '0.00',
      bonus: '4.90',
      difference_paid: '0.00',
      captured: '0.00',
      new_items: '19.00',
      refunded: '30.00',
      bonus_unspent: '4.90',
      held: '0.00',
      balance: '0.00',
      status: 'balanced',
    });
    const paid = await desk.rowOf(dearer.requestId);
    expect(paid).toMatchObject({ difference_paid: '75.10', new_items: '129.00', refunded: '0.00' });
    expect(paid).toMatchObject({ bonus_unspent: '0.00', balance: '0.00', status: 'balanced' });
    expect(paid.exchange_order).toMatch(/^#\d+-E\d+$/);
    expect(Date.parse(paid.closed_at ?? '')).toBeGreaterThanOrEqual(Date.parse(paid.received_at ?? ''));
    // Rejected before its order was made: nothing sent, nothing earned, and the payment went back.
    expect(await desk.rowOf(rejected.requestId)).toMatchObject({
      request_status: 'rejected',
      exchange_order: '',
      credit: '0.00',
      bonus: '0.00',
      difference_paid: '75.10',
      new_items: '0.00',
      refunded: '75.10',
      balance: '0.00',
      status: 'balanced',
    });
  });

  it('counts an instant exchange’s card hold: held while it stands, then what it took for refused units or a rejection', async () => {
    const sandbox = present(t.app.ctx.services.payments.sandbox, 'the sandbox provider');
    const twoShirts = await desk.feed({ variant: lineVariant(linen), price: 4900, quantity: 2, discount: 0, tax: 0 });
    // 98.00 of shirts and 9.80 of bonus for two tees of 19.00, all of which the return pays for: 38.00 held.
    const partly = await desk.exchange(twoShirts, 2, [{ variant_id: tee, quantity: 2 }], { instant: true });
    expect(partly.held).toBe(3800);
    expect(await desk.rowOf(partly.requestId)).toMatchObject({
      exchange_order: expect.stringMatching(/^#\d+-E\d+$/) as unknown,
      captured: '0.00',
      new_items: '38.00',
      held: '38.00',
      status: 'open',
    });
    await desk.act(partly.requestId, 'approve');
    const lineId = present(
      (
        await t.db
          .selectFrom('return_items')
          .select('order_line_id')
          .where('request_id', '=', partly.requestId)
          .execute()
      )[0],
      'the returned line',
    ).order_line_id;
    await desk.act(partly.requestId, 'receive', {
      items: [
        { line_item_id: lineId, quantity: 1, condition: 'as_new', outcome: 'accepted' },
        { line_item_id: lineId, quantity: 1, condition: 'damaged', outcome: 'rejected', reason: 'Torn' },
      ],
    });
    // The refused shirt's half of the hold was taken, so the accepted shirt's credit beyond its tee can be paid out.
    await desk.act(partly.requestId, 'refund');
    expect(await desk.rowOf(partly.requestId)).toMatchObject({
      credit: '49.00',
      bonus: '4.90',
      difference_paid: '0.00',
      captured: '19.00',
      new_items: '38.00',
      refunded: '30.00',
      bonus_unspent: '4.90',
      held: '0.00',
      balance: '0.00',
      status: 'balanced',
    });

    // A dearer swap rejected before the shirt came back: the jacket went out at once, paid by the checkout and the hold.
    const rejected = await desk.exchange(await shirt(), 1, [{ variant_id: jacket, quantity: 1 }], { instant: true });
    expect([rejected.charged, rejected.held]).toEqual([7510, 5390]);
    await desk.act(rejected.requestId, 'reject', { reason: 'Never sent' });
    expect(await desk.rowOf(rejected.requestId)).toMatchObject({
      request_status: 'rejected',
      credit: '0.00',
      difference_paid: '75.10',
      captured: '53.90',
      new_items: '129.00',
      refunded: '0.00',
      held: '0.00',
      balance: '0.00',
      status: 'balanced',
    });
    // The file's captured amounts are what the provider took on the holds (the dearer swaps' differences are paid
    // through it too).
    const holds = (await sandbox.payments()).filter((p) => p.idempotencyKey.includes('exchange-hold:'));
    const taken = holds.map((p) => [p.state, p.amount, p.capturedAmount]);
    expect(taken.sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      ['captured', 3800, 1900],
      ['captured', 5390, 5390],
    ]);
  });

  it('shows an even swap’s absorbed discount as its allowance, and keeps a pending exchange open', async () => {
    const sneakers = await desk.product('Canvas Sneakers');
    const bought = { variant: lineVariant(sneakers, 2), price: 8900, quantity: 1, discount: 890, tax: 0 };
    const swap = await desk.exchange(await desk.feed(bought), 1, [
      { variant_id: lineVariant(sneakers, 3).variantId, quantity: 1 },
    ]);
    // 80.10 for the pair and 8.01 of bonus: the shop gives the other 0.89 of the new pair's price.
    expect(await desk.rowOf(swap.requestId)).toMatchObject({
      request_status: 'pending_review',
      credit: '80.10',
      swap_allowance: '0.89',
      bonus: '8.01',
      new_items: '89.00',
      balance: '0.00',
      status: 'open',
    });
    await desk.act(swap.requestId, 'approve');
    await desk.act(swap.requestId, 'receive');
    await desk.act(swap.requestId, 'resolve');
    expect(await desk.rowOf(swap.requestId)).toMatchObject({ balance: '0.00', status: 'balanced' });
  });

  it('is out of balance by what is owed when the leftover is not paid in full, or short when the return failed', async () => {
    const resolved = await desk.exchange(await shirt(), 1, [{ variant_id: tee, quantity: 1 }]);
    await desk.act(resolved.requestId, 'approve');
    await desk.act(resolved.requestId, 'receive');
    await desk.act(resolved.requestId, 'resolve');
    const partly = await desk.exchange(await shirt(), 1, [{ variant_id: tee, quantity: 1 }]);
    await desk.act(partly.requestId, 'approve');
    await desk.act(partly.requestId, 'receive');
    await desk.act(partly.requestId, 'refund', { amount: 1000 });
    // The new jacket went out at approval; the shirt came back torn and the return was rejected.
    const failed = await desk.exchange(await shirt(), 1, [{ variant_id: jacket, quantity: 1 }]);
    await desk.act(failed.requestId, 'approve');
    await desk.act(failed.requestId, 'receive');
    await desk.act(failed.requestId, 'reject', { reason: 'Torn' });

    expect(await desk.rowOf(resolved.requestId)).toMatchObject({ balance: '30.00', status: 'out_of_balance' });
    expect(await desk.rowOf(partly.requestId)).toMatchObject({
      refunded: '10.00',
      balance: '20.00',
      status: 'out_of_balance',
    });
    expect(await desk.rowOf(failed.requestId)).toMatchObject({
      credit: '0.00',
      difference_paid: '75.10',
      new_items: '129.00',
      refunded: '0.00',
      balance: '-53.90',
      status: 'out_of_balance',
    });
  });

  it("writes every exchange of the list's filters only, defused, and never another shop's", async () => {
    const linen = await desk.product('Linen Shirt');
    const order = await desk.feed(
      { variant: lineVariant(linen), price: 4900, quantity: 1, discount: 0, tax: 0 },
      '=HYPERLINK("http://evil")',
    );
    const made = await desk.exchange(order, 1, [{ variant_id: tee, quantity: 1 }]);
    const plain = await submitReturn(t);

    const reply = await desk.merchant('GET', merchantPath('exportReconciliation'));
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toMatch(/^attachment; filename="exchange-reconciliation-.+\.csv"$/);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.body.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(reply.body.slice(1))[0]).toEqual([...RECONCILIATION_COLUMNS]);
    expect(reply.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const all = await desk.reconciliation();
    expect(all.map((row) => row.request_id)).not.toContain(String(plain.requestId));
    expect(all.map((row) => Number(row.request_id))).toEqual(
      all.map((row) => Number(row.request_id)).sort((a, b) => b - a),
    );
    expect((await desk.reconciliation(`?order=${order.number}`)).map((row) => row.request_id)).toEqual([
      String(made.requestId),
    ]);
    expect(await desk.reconciliation('?status=4&email=nobody@example.com')).toEqual([]);

    const other = await addShop(t);
    const foreign = await t.app.inject({
      method: 'GET',
      url: merchantPath('exportReconciliation'),
      headers: { authorization: `Bearer ${other.apiKey}` },
    });
    expect(parseCsv(foreign.body.slice(1))).toEqual([[...RECONCILIATION_COLUMNS]]);
    const keyless = await t.app.inject({ method: 'GET', url: merchantPath('exportReconciliation') });
    expect(keyless.statusCode).toBe(401);
  });

  it('downloads from a console session too', async () => {
    const made = await desk.exchange(await shirt(), 1, [{ variant_id: tee, quantity: 1 }]);
    const { cookie } = await signInConsole(t);
    const reply = await t.app.inject({
      method: 'GET',
      url: merchantPath('exportReconciliation'),
      headers: { cookie },
      remoteAddress: '10.0.0.9',
    });
    expect(reply.statusCode).toBe(200);
    const header = present(parseCsv(reply.body.slice(1))[0], 'header');
    expect(reply.body).toContain(`RMA-${String(made.requestId).padStart(6, '0')}`);
    expect(header).toEqual([...RECONCILIATION_COLUMNS]);
  });
});
