import { randomUUID } from 'node:crypto';
import {
  alreadyProcessing,
  calls,
  Code,
  DEFAULT_RETURN_REASONS,
  MERCHANT_BASE,
  messages,
} from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, merchantAction, patchSettings, shop, type TestApp } from '../../../test/helper.js';
import { LocalStorePlatform } from '../../adapters/store-platform/local.js';

describe.each(dialects)('return flow on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let orderId: number;
  let lines: {
    title: string;
    line_item_id: number;
    product_id: number;
    variant: { product_id: number; variant_id: number };
  }[];

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' })).body.data
      .token;
    orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], 'first order').id;
    const info = await t.call(calls.orderInfo, { order_id: orderId }, token);
    lines = [...info.body.data.yes, ...info.body.data.no];
  });
  afterEach(() => t.close());

  /** The demo shop's store, as the server sees it, and the shop's id there. */
  const platform = () => new LocalStorePlatform(t.db, t.clock);
  const shopId = async () =>
    (await t.db.selectFrom('shops').select('id').where('shop_url', '=', shop).executeTakeFirstOrThrow()).id;
  const line = (title: string) =>
    present(
      lines.find((l) => l.title === title),
      title,
    );
  const product = (title: string, quantity = 1, reason_id = 5, provide_proof: string[] = []) => ({
    id: line(title).line_item_id,
    order_product_id: line(title).line_item_id,
    quantity,
    change: null,
    reason: { reason_id, reason_text: '', reason_group_id: 1, reason_description: 'Too small', provide_proof },
  });
  const submit = (overrides: Record<string, unknown> = {}) =>
    t.call(
      calls.setReturnOrder,
      {
        order_id: orderId,
        solution_id: 1,
        shipping_method_id: 2,
        idempotency_key: randomUUID(),
        order_product: [product('Linen Shirt')],
        ...overrides,
      },
      token,
    );
  const setReturnSetting = (patch: Record<string, unknown>) =>
    patchSettings(t, (settings) => Object.assign(settings.return_setting, patch));

  it('offers the spec reasons, with photos required for damage and faults', async () => {
    const { body } = await t.call(calls.getReason, {}, token);
    expect(body.data.list.map((r: { text: string }) => r.text)).toEqual([...DEFAULT_RETURN_REASONS]);
    expect(
      body.data.list.filter((r: { proof: string }) => r.proof === 'required').map((r: { id: number }) => r.id),
    ).toEqual([2, 4]);
  });

  it('computes the refund of the Linen Shirt from the order, and its worth as exchange credit', async () => {
    const money = async (solution_id: number) =>
      (
        await t.call(
          calls.getReturnMoney,
          {
            order_id: orderId,
            solution_id,
            refund_line_items: [{ line_item_id: line('Linen Shirt').line_item_id, quantity: 1 }],
          },
          token,
        )
      ).body.data;
    expect(await money(1)).toMatchObject({
      origin_subtotal: 4900,
      discount: 490,
      tax: 353,
      refund: 4763,
      total: 4763,
      exchange_amount: 0,
      currency: 'USD',
      currency_format: '${{amount}}',
    });
    // Spec §9: an exchange spends what the returned item is worth to the shopper, here with the demo shop's bonus
    // for keeping the money at the shop (10%, at most $10.00), as store credit gets it too.
    expect(await money(5)).toMatchObject({ bonus: 476, total: 5239, exchange_amount: 5239 });
    expect(await money(2)).toMatchObject({ bonus: 476, total: 5239, exchange_amount: 0 });
    expect(await money(4)).toMatchObject({ bonus: 476, total: 5239 });
    expect(await money(1)).toMatchObject({ bonus: 0, total: 4763 });

    await setReturnSetting({ credit_bonus: { type: 'percent', value: 50, max: 1000 } });
    expect(await money(4)).toMatchObject({ bonus: 1000, total: 5763 });
    await setReturnSetting({ credit_bonus: { type: 'fixed', value: 500, max: 0 } });
    expect(await money(2)).toMatchObject({ bonus: 500, total: 5263 });
    await setReturnSetting({ credit_bonus: { type: 'percent', value: 0, max: 0 } });
    expect(await money(5)).toMatchObject({ bonus: 0, total: 4763 });
  });

  it('keeps the bonus of a store-credit return with the request, for its status page', async () => {
    const submitted = await submit({ solution_id: 2 });
    expect(submitted.body.code).toBe(Code.Success);
    const { body } = await t.call(calls.returnInfo, { request_id: submitted.body.data.request_id }, token);
    expect(body.data).toMatchObject({ total: 5239, bonus: 476 });
  });

  it('offers keeping the item only for a green return, decided by refund ceiling and days since delivery', async () => {
    const refund_line_items = [{ line_item_id: line('Linen Shirt').line_item_id, quantity: 1 }];
    const methods = async () =>
      present(
        (await t.call(calls.orderConfig, { order_id: orderId, refund_line_items, solution_id: 1 }, token)).body.data
          .returnShippingMethod,
        'returnShippingMethod',
      ).map((m) => m.id);
    const greenAnswer = async () =>
      (await t.call(calls.checkRule, { order_id: orderId, solution_id: 1, refund_line_items }, token)).body.data;
    // Green returns are off by default: keeping the item is neither offered nor accepted (#1001 went to New York,
    // so carrier pickup is offered).
    expect(await methods()).toEqual([1, 2, 4]);
    expect(await greenAnswer()).toEqual({ green_return: false });
    expect((await submit({ shipping_method_id: 3 })).body.msg).toMatch(/shipping_method_id/);

    // A ceiling above this refund (47.63) makes it green; #1001 was delivered 3 days ago.
    await setReturnSetting({ green_return_max: 5000 });
    expect(await greenAnswer()).toEqual({ green_return: true });
    const after = await t.call(calls.orderConfig, { order_id: orderId, refund_line_items, solution_id: 1 }, token);
    expect(after.body.data).toMatchObject({ delivery_date_check: true });
    expect(await methods()).toEqual([3]);
    // A day limit shorter than the time since delivery turns it off again.
    await setReturnSetting({ green_return_max_days: 2 });
    expect(await greenAnswer()).toEqual({ green_return: false });
    await setReturnSetting({ green_return_max_days: 3 });
    expect(await greenAnswer()).toEqual({ green_return: true });
    // A ceiling below the refund is not green.
    await setReturnSetting({ green_return_max: 4762 });
    expect(await greenAnswer()).toEqual({ green_return: false });
    await setReturnSetting({ green_return_max: 5000 });
    expect((await submit({ shipping_method_id: 2 })).body.code).toBe(Code.InvalidInput);
    expect((await submit({ shipping_method_id: 3 })).body.code).toBe(Code.Success);
  });

  it('offers and accepts only solutions and methods the server can carry out, whatever the settings list', async () => {
    await patchSettings(t, (settings) => {
      settings.solutions = [1, 5, 7, 2];
      settings.shipping_methods = [1, 2, 9];
    });
    const info = (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data;
    expect(info.returnSolution.map((s: { id: number }) => s.id)).toEqual([1, 2, 5]);
    expect(info.returnShippingMethod.map((m: { id: number }) => m.id)).toEqual([1, 2]);
    expect(info.pickup_is_ok).toBe(false);
    expect((await submit({ solution_id: 6 })).body.msg).toMatch(/solution_id/);
    expect((await submit({ shipping_method_id: 4 })).body.msg).toMatch(/shipping_method_id/);
    expect((await submit({ shipping_method_id: 9 })).body.msg).toMatch(/shipping_method_id/);
    expect(await t.db.selectFrom('return_requests').select('id').where('order_id', '=', orderId).execute()).toEqual([]);
  });

  it('stores a submitted return once and sends a second one to the processing page', async () => {
    const first = await submit({ order_product: [product('Linen Shirt', 1, 5, ['', ' '])] });
    expect(first.body.code).toBe(Code.Success);
    const requestId = first.body.data.request_id;
    const items = await t.db.selectFrom('return_items').selectAll().where('request_id', '=', requestId).execute();
    expect(items).toEqual([
      expect.objectContaining({ quantity: 1, reason_text: "Doesn't suit me", proof: '[]', description: 'Too small' }),
    ]);
    const list = await t.call(calls.orderReturnList, { order_id: orderId }, token);
    expect(list.body.data.list).toEqual([expect.objectContaining({ id: requestId, status: 1, refund: 4763 })]);
    const second = await submit({ order_product: [product('Canvas Sneakers')] });
    expect(second.body).toMatchObject({ code: Code.AlreadyProcessing, data: { request_id: requestId } });
  });

  it('lets only one of 20 different concurrent submits for an order through; the others are sent to it (1067)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        submit({ order_product: [product(i % 2 ? 'Linen Shirt' : 'Canvas Sneakers')] }),
      ),
    );
    const created = answers.filter((a) => a.body.code === Code.Success);
    expect(created).toHaveLength(1);
    const requestId = present(created[0], 'the accepted submit').body.data.request_id;
    for (const answer of answers.filter((a) => a.body.code !== Code.Success))
      expect(answer.body).toMatchObject({ code: Code.AlreadyProcessing, data: { request_id: requestId } });
    const rows = await t.db.selectFrom('return_requests').select('id').where('order_id', '=', orderId).execute();
    expect(rows).toEqual([{ id: requestId }]);
  });

  it('creates one request from 50 concurrent identical submits, and refunds it once under 50 concurrent refunds', async () => {
    const idempotency_key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => submit({ idempotency_key })));
    expect(answers.every((a) => a.body.code === Code.Success)).toBe(true);
    const ids = new Set(answers.map((a) => a.body.data.request_id));
    expect(ids.size).toBe(1);
    const rows = await t.db.selectFrom('return_requests').select('id').where('order_id', '=', orderId).execute();
    expect(rows).toHaveLength(1);

    const requestId = present([...ids][0], 'request id');
    const merchant = (action: string) =>
      t.app.inject({
        method: 'POST',
        url: `${MERCHANT_BASE}/requests/${requestId}/${action}`,
        payload: {},
        headers: { authorization: 'Bearer demo-merchant-key' },
      });
    await merchant('approve');
    await merchant('receive');
    const refunds = await Promise.all(Array.from({ length: 50 }, () => merchant('refund')));
    expect(refunds.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(refunds.filter((r) => r.statusCode === 409)).toHaveLength(49);
    await t.app.ctx.worker.runDue();
    await t.app.ctx.worker.runDue();
    const paid = await platform().listRefunds(await shopId(), orderId);
    expect(paid).toHaveLength(1);
  });

  it('takes refunded units back at the store: sent back ones go in stock again, kept ones stay out of it', async () => {
    const sneakers = line('Canvas Sneakers');
    const stock = async () =>
      (await platform().getProduct(await shopId(), sneakers.variant.product_id))?.variants.find(
        (v) => v.id === sneakers.variant.variant_id,
      )?.stock;
    const refunded = async () =>
      (await platform().getOrder(await shopId(), orderId))?.lines.find((l) => l.id === sneakers.line_item_id)
        ?.refundedQuantity;
    const before = present(await stock(), 'the sneakers’ stock');
    const refund = async (shipping_method_id: number, actions: string[]) => {
      const answer = await submit({ shipping_method_id, order_product: [product('Canvas Sneakers')] });
      const requestId = present(answer.body.data, answer.body.msg).request_id;
      for (const action of actions) expect((await merchantAction(t, requestId, action)).statusCode).toBe(200);
      await t.app.ctx.worker.runDue();
    };

    await refund(2, ['approve', 'receive', 'refund']);
    expect([await refunded(), await stock()]).toEqual([1, before + 1]);

    // Green returns on: the shopper keeps the second pair, refunded without going back in stock.
    await setReturnSetting({ green_return_max: 100_000 });
    await refund(3, ['approve', 'refund']);
    expect([await refunded(), await stock()]).toEqual([2, before + 1]);
  });

  it('refunds a line returned in two parts exactly once: the Sneakers tax of 12.81 as 6.41 then 6.40', async () => {
    const sneakers = [{ line_item_id: line('Canvas Sneakers').line_item_id, quantity: 1 }];
    const money = async () =>
      (await t.call(calls.getReturnMoney, { order_id: orderId, solution_id: 1, refund_line_items: sneakers }, token))
        .body.data;
    expect((await money()).tax).toBe(641);
    const first = await submit({ order_product: [product('Canvas Sneakers')] });
    for (const action of ['approve', 'receive', 'refund']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `${MERCHANT_BASE}/requests/${first.body.data.request_id}/${action}`,
        payload: {},
        headers: { authorization: 'Bearer demo-merchant-key' },
      });
      expect([action, answer.statusCode]).toEqual([action, 200]);
    }
    expect((await money()).tax).toBe(640);
  });

  it('keeps what the submit said: entry source, type, the total shown, the platform order id and reason groups', async () => {
    await patchSettings(t, (settings) => {
      present(
        settings.reasons.find((r) => r.id === 5),
        'reason 5',
      ).group_id = 7;
    });
    const info = (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data;
    const answer = await submit({ from: 3, type: 1, money: 4763, shopify_order_id: info.shopify_order_id });
    expect(answer.body.code).toBe(Code.Success);
    const row = await t.db
      .selectFrom('return_requests')
      .select(['entry_source', 'request_type', 'shown_total', 'platform_order_id'])
      .where('id', '=', answer.body.data.request_id)
      .executeTakeFirstOrThrow();
    expect({ ...row, shown_total: Number(row.shown_total) }).toEqual({
      entry_source: 3,
      request_type: 1,
      shown_total: 4763,
      platform_order_id: info.shopify_order_id,
    });
    // The reason group is the shop's (7), whatever the portal sent (1).
    const item = await t.db
      .selectFrom('return_items')
      .select(['reason_id', 'reason_group_id'])
      .where('request_id', '=', answer.body.data.request_id)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ reason_id: 5, reason_group_id: 7 });
  });

  it('refuses a type that does not match the solution and another order’s platform id', async () => {
    expect((await submit({ type: 2 })).body.msg).toMatch(/^type:/);
    expect((await submit({ shopify_order_id: 'gid://shopify/Order/999' })).body.msg).toMatch(/^shopify_order_id:/);
    expect(await t.db.selectFrom('return_requests').select('id').where('order_id', '=', orderId).execute()).toEqual([]);
  });

  it('refuses the same key with another body: the shopper is sent to the request the key made', async () => {
    const idempotency_key = randomUUID();
    const first = await submit({ idempotency_key });
    const changed = await submit({ idempotency_key, order_product: [product('Canvas Sneakers')] });
    expect(changed.body).toEqual({
      code: Code.AlreadyProcessing,
      msg: messages.alreadyProcessing,
      data: { request_id: first.body.data.request_id },
    });
    const otherSolution = await submit({ idempotency_key, solution_id: 2 });
    expect(otherSolution.body.code).toBe(Code.AlreadyProcessing);
    // A plain retry still gets its request.
    expect((await submit({ idempotency_key })).body).toMatchObject({ code: Code.Success, data: first.body.data });
    const items = await t.db
      .selectFrom('return_items')
      .select('order_line_id')
      .where('request_id', '=', first.body.data.request_id)
      .execute();
    expect(items).toEqual([{ order_line_id: line('Linen Shirt').line_item_id }]);
  });

  it("never answers another shopper's submit with this shopper's request, even with the same key", async () => {
    const idempotency_key = randomUUID();
    const mine = await submit({ idempotency_key });
    expect(mine.body.code).toBe(Code.Success);
    const bob = (await t.call(calls.login, { shop_url: shop, email: 'bob@example.com', order_number: '#1003' })).body
      .data.token;
    const replay = await t.call(
      calls.setReturnOrder,
      {
        order_id: orderId,
        solution_id: 1,
        shipping_method_id: 2,
        idempotency_key,
        order_product: [product('Linen Shirt')],
      },
      bob,
    );
    // Another shopper's replay names no request to go to.
    expect(alreadyProcessing.safeParse(replay.body.data).success).toBe(false);
    expect(replay.body.code).toBe((await t.call(calls.orderInfo, { order_id: orderId }, bob)).body.code);
    expect(replay.body.code).not.toBe(Code.Success);
  });

  it('refuses every rule violation with the spec message', async () => {
    expect((await submit({ order_product: [] })).body).toMatchObject({
      code: Code.NothingSelected,
      msg: messages.selectAtLeastOne,
    });
    expect((await submit({ order_product: [product('Linen Shirt'), product('Canvas Sneakers')] })).body).toMatchObject({
      code: Code.InvalidInput,
      msg: messages.oneVariant,
    });
    expect((await submit({ order_product: [product('Wool Beanie')] })).body.msg).toBe(messages.unselectedItem);
    expect((await submit({ order_product: [product('Canvas Sneakers', 3)] })).body.msg).toMatch(/between 1 and 2/);
    expect((await submit({ order_product: [product('Linen Shirt', 1, 2)] })).body.msg).toBe(
      messages.provideRequiredInformation,
    );
    expect((await submit({ order_product: [product('Linen Shirt', 1, 99)] })).body.code).toBe(Code.InvalidInput);
    expect((await submit({ solution_id: 5 })).body.msg).toMatch(/type: 2 for an exchange/);
    expect((await submit({ shipping_method_id: 4 })).body.msg).toMatch(/^pickup:/);
    expect(
      (
        await submit({
          order_product: [
            {
              ...product('Linen Shirt'),
              reason: { ...product('Linen Shirt').reason, provide_proof: ['a', 'b', 'c', 'd', 'e', 'f'] },
            },
          ],
        })
      ).body.code,
    ).toBe(Code.InvalidInput);
    const rows = await t.db.selectFrom('return_requests').select('id').where('order_id', '=', orderId).execute();
    expect(rows).toHaveLength(0);
  });

  it("answers an order refunded at the store with the spec's message (#30)", async () => {
    const bob = (await t.call(calls.login, { shop_url: shop, email: 'bob@example.com', order_number: '#1003' })).body
      .data.token;
    const refunded = present((await t.call(calls.index, {}, bob)).body.data.list[0], 'order #1003');
    const info = (await t.call(calls.orderInfo, { order_id: refunded.id }, bob)).body.data;
    const line = present(info.no[0], 'a line of #1003');
    expect(line.reason).toBe('refunded_at_platform');
    const lines = [{ line_item_id: line.line_item_id, quantity: 1, reason_id: 5 }];
    const money = await t.call(
      calls.getReturnMoney,
      { order_id: refunded.id, refund_line_items: lines, solution_id: 1 },
      bob,
    );
    expect(money.body).toMatchObject({ code: Code.InvalidInput, msg: messages.orderRefunded });
    const submitted = await t.call(
      calls.setReturnOrder,
      oneLineReturn({ orderId: refunded.id, lineId: line.line_item_id, idempotencyKey: randomUUID() }),
      bob,
    );
    expect(submitted.body).toMatchObject({ code: Code.InvalidInput, msg: 'Order has been refunded at shopify.' });
  });

  it("cannot return someone else's order or an order past its window", async () => {
    const bob = (await t.call(calls.login, { shop_url: shop, email: 'bob@example.com', order_number: '#1003' })).body
      .data.token;
    expect(
      (
        await t.call(
          calls.setReturnOrder,
          {
            order_id: orderId,
            solution_id: 1,
            shipping_method_id: 2,
            idempotency_key: randomUUID(),
            order_product: [product('Linen Shirt')],
          },
          bob,
        )
      ).body.code,
    ).toBe(Code.NotFound);
    // The store feeds the order again, now placed long ago.
    const fed = present(await platform().feedOrderOf(await shopId(), orderId), 'order #1001 as fed');
    const [saved] = await platform().upsertOrders(await shopId(), [
      { ...fed, created_at: Math.floor(Date.UTC(2026, 8, 1) / 1000) },
    ]);
    expect(saved).toMatchObject({ orderId, created: false });
    expect((await submit()).body.msg).toBe(messages.unselectedItem);
  });
});
