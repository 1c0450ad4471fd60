import { calls, Code, messages, SolutionId } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dialects, mailbox, patchSettings, shop, type TestApp } from '../../../test/helper.js';
import { instantExchangeApp, sandboxOf } from '../../../test/instant-holds.js';
import { rule, saveRules } from '../../../test/rules.js';
import { LocalStorePlatform } from '../../adapters/store-platform/local.js';
import { queueOverdueHolds } from '../requests/exchange-hold.js';
import { recordCarrierStatus } from '../requests/carrier-status.js';
import { Outbox } from '../jobs/outbox.js';

const DAY_MS = 86_400_000;

/** Instant exchanges (issue 36, ADR 047) on the sandbox provider: hold, order at once, release or capture. */
describe.each(dialects)('instant exchanges on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await instantExchangeApp(dialect);
  });
  afterEach(() => t.close());

  const sandbox = () => sandboxOf(t);
  const demo = async () => present(await t.app.ctx.services.storefront.shops.byUrl(shop), 'demo shop');
  const request = (id: number) =>
    t.db.selectFrom('return_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const timeline = async (id: number) =>
    (await t.db.selectFrom('request_events').select('action').where('request_id', '=', id).execute()).map(
      (e) => e.action,
    );

  /** Alice swaps her sneakers for size 43: the hold step, the provider's page, then the submit. */
  async function instantSwap({ authorise = true, releaseOn = 'received' } = {}) {
    const token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' }))
      .body.data.token;
    const orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], 'first order').id;
    const info = (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data;
    const line = present(
      info.yes.find((l) => l.title === 'Canvas Sneakers'),
      'sneakers',
    );
    const platform = new LocalStorePlatform(t.db, t.clock);
    const shopId = (await demo()).id;
    const sneakers = present(
      (await platform.listProducts(shopId, { search: 'canvas sneakers', limit: 1 })).products[0],
      'sneakers',
    );
    const size43 = present(
      sneakers.variants.find((v) => v.options[0] === '43'),
      'size 43',
    ).id;
    const lines = [{ line_item_id: line.line_item_id, quantity: 1 }];
    const choice = {
      order_id: orderId,
      refund_line_items: lines,
      exchange_line_items: [{ variant_id: size43, quantity: 1 }],
      idempotency_key: 'instant-swap-key',
    };
    const money = await t.call(
      calls.getReturnMoney,
      { order_id: orderId, refund_line_items: lines, solution_id: SolutionId.Exchange },
      token,
    );
    expect(money.body.data.instant_exchange).toBe(true);

    const started = (await t.call(calls.exchangeHold, choice, token)).body;
    expect(started.code).toBe(Code.Success);
    expect(started.data).toMatchObject({
      state: 'awaiting_shopper',
      amount: 8900,
      currency: 'USD',
      release_on: releaseOn,
      capture_after_days: 14,
    });
    const submit = () =>
      t.call(
        calls.setReturnOrder,
        oneLineReturn(
          { orderId, lineId: line.line_item_id, idempotencyKey: choice.idempotency_key },
          {
            fields: {
              solution_id: SolutionId.Exchange,
              type: 2,
              exchange_line_items: choice.exchange_line_items,
              instant_exchange: true,
            },
          },
        ),
        token,
      );
    if (!authorise) return { token, orderId, started: started.data, submit };
    // Not authorised yet: the submit asks the shopper to retry, and makes nothing.
    expect((await submit()).body).toMatchObject({ code: Code.PaymentPending, msg: messages.pleaseRetry });

    const url = new URL(started.data.pay_url);
    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Authorise 89.00 USD');
    const forged = await t.app.inject({ method: 'GET', url: `${url.pathname}?sig=forged` });
    expect(forged.statusCode).toBe(404);
    const answered = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ sig: url.searchParams.get('sig') ?? '', answer: 'authorise' }).toString(),
    });
    expect(answered.statusCode).toBe(303);
    expect(answered.headers.location).toContain(`/process-manage/exchange/${String(orderId)}?`);
    expect(answered.headers.location).toContain(`hold=${started.data.draft_order_id}`);
    expect((await t.call(calls.exchangeHold, choice, token)).body.data).toMatchObject({ state: 'held', pay_url: '' });

    const { body } = await submit();
    expect(body.code).toBe(Code.Success);
    await t.app.ctx.worker.runDue();
    return { token, orderId, requestId: body.data.request_id, started: started.data, submit };
  }

  it('makes the new order at once, before the return is reviewed or received, and lets the hold go at receipt', async () => {
    const { token, requestId } = await instantSwap();
    const id = present(requestId, 'request');
    const made = await request(id);
    expect(made).toMatchObject({ status: 1, hold_state: 'held', hold_amount: 8900, hold_release_on: 'received' });
    expect(made.exchange_order_id).not.toBe('');
    const detail = (await t.call(calls.returnInfo, { request_id: id }, token)).body.data;
    expect(detail.exchange_order?.order_name).toMatch(/^#\d+-E\d+$/);
    const subjects = async () => (await mailbox(t, 'alice@example.com')).map((m) => m.subject);
    expect(await subjects()).toContain(`We are sending your exchange now (${detail.rma})`);

    await t.app.ctx.services.lifecycle.transition(await demo(), id, 'approve', 'merchant');
    await t.app.ctx.services.lifecycle.transition(await demo(), id, 'receive', 'merchant');
    await t.app.ctx.worker.runDue();
    expect(await request(id)).toMatchObject({ hold_state: 'released', hold_captured: 0, hold_capture_at: 0 });
    const payments = await sandbox().payments();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ state: 'released', capturedAmount: 0, amount: 8900 });
    expect(await timeline(id)).toEqual(expect.arrayContaining(['hold_placed', 'receive', 'hold_released']));
    expect(await subjects()).toContain(`The hold on your card is released (${detail.rma})`);
  });

  it('captures the refused units’ new value when inspection rejects them', async () => {
    const { requestId } = await instantSwap();
    const id = present(requestId, 'request');
    const lineId = (
      await t.db
        .selectFrom('return_items')
        .select('order_line_id')
        .where('request_id', '=', id)
        .executeTakeFirstOrThrow()
    ).order_line_id;
    await t.app.ctx.services.lifecycle.transition(await demo(), id, 'approve', 'merchant');
    await t.app.ctx.services.lifecycle.transition(await demo(), id, 'receive', 'merchant', {
      items: [
        {
          line_item_id: lineId,
          quantity: 1,
          condition: 'damaged',
          restock: false,
          outcome: 'rejected',
          reason: 'Worn',
        },
      ],
    });
    await t.app.ctx.worker.runDue();
    expect(await request(id)).toMatchObject({ hold_state: 'captured', hold_captured: 8900 });
    const payments = await sandbox().payments();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ state: 'captured', capturedAmount: 8900 });
    const subjects = (await mailbox(t, 'alice@example.com')).map((m) => m.subject);
    expect(subjects.some((s) => s.startsWith('We charged your card for return'))).toBe(true);
  });

  it('captures the hold in full when the parcel has not arrived within the shop’s days, and only then', async () => {
    const { requestId } = await instantSwap();
    const id = present(requestId, 'request');
    t.clock.advance(13 * DAY_MS);
    const outbox = new Outbox(t.db, t.clock);
    expect(await queueOverdueHolds(t.db, outbox, t.clock)).toBe(0);
    t.clock.advance(1 * DAY_MS + 1000);
    expect(await queueOverdueHolds(t.db, outbox, t.clock)).toBe(1);
    await t.app.ctx.worker.runDue();
    expect(await request(id)).toMatchObject({ hold_state: 'captured', hold_captured: 8900 });
    expect(await queueOverdueHolds(t.db, outbox, t.clock)).toBe(0);
  });

  it('settles once: a retried job, or one whose answer was lost, never captures twice', async () => {
    const { requestId } = await instantSwap();
    const id = present(requestId, 'request');
    const held = await request(id);
    // The provider took the capture, but the job died before recording it (a lost answer).
    await sandbox().capture(held.hold_payment_id, 8900, `${held.hold_key}:capture`);
    t.clock.advance(15 * DAY_MS);
    const outbox = new Outbox(t.db, t.clock);
    await queueOverdueHolds(t.db, outbox, t.clock);
    await t.app.ctx.worker.runDue();
    // And the same settling asked again by another job: nothing more happens.
    await outbox.enqueue(t.db, 'request.exchange.hold', { requestId: id, reason: 'overdue' }, `retry:${String(id)}`);
    await t.app.ctx.worker.runDue();
    expect(await request(id)).toMatchObject({ hold_state: 'captured', hold_captured: 8900 });
    const payments = await sandbox().payments();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      state: 'captured',
      capturedAmount: 8900,
      settleKey: `${held.hold_key}:capture`,
    });
    expect((await timeline(id)).filter((action) => action === 'hold_captured')).toHaveLength(1);
  });

  it('is offered by a rule when the shop leaves it off, and then let go at the carrier’s first scan', async () => {
    await patchSettings(t, (settings) => {
      settings.instant_exchange.enabled = false;
    });
    await expect(instantSwap()).rejects.toThrow();
    await saveRules(t, [
      rule('instant-for-all', [], [{ type: 'instant_exchange', offer: true, release_on: 'first_scan' }]),
    ]);
    const { requestId } = await instantSwap({ releaseOn: 'first_scan' });
    const id = present(requestId, 'request');
    expect(await request(id)).toMatchObject({ hold_state: 'held', hold_release_on: 'first_scan' });
    await t.app.ctx.services.lifecycle.transition(await demo(), id, 'approve', 'merchant');
    // The shopper ships it on their own and gives the tracking number.
    const tracking = '9400100000000000000001';
    await t.db.updateTable('return_requests').set({ tracking_number: tracking }).where('id', '=', id).execute();
    await recordCarrierStatus(t.db, new Outbox(t.db, t.clock), tracking, 'in_transit', 1);
    await t.app.ctx.worker.runDue();
    expect(await request(id)).toMatchObject({ hold_state: 'released', status: 2 });
  });
});
