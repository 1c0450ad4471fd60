import { randomUUID } from 'node:crypto';
import { calls, Code, DEFAULT_RETURN_REASONS, messages } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { present } from '@return-center/domain';
import { describe, expect, it } from 'vitest';
import { dialects, patchSettings, shop, type TestApp } from '../../../test/helper.js';
import { returnFlow } from './test-support.js';

/** What a return may be: reasons, refunds and credit worked out, what is offered, the rules a submit must keep. */
describe.each(dialects)('return flow on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let orderId: number;
  const { platform, shopId, line, product, submit, setReturnSetting } = returnFlow(
    dialect,
    (scene) => ({ t, token, orderId } = scene),
  );

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
