import { randomUUID } from 'node:crypto';
import { alreadyProcessing, calls, Code, MERCHANT_BASE, messages } from '@return-center/contract';
import { present } from '@return-center/domain';
import { describe, expect, it } from 'vitest';
import { dialects, merchantAction, shop, type TestApp } from '../../../test/helper.js';
import { returnFlow } from './test-support.js';

/** Submits stored once: concurrent and repeated submits, refunds taken back at the store, keys bound to their body. */
describe.each(dialects)('return flow on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let orderId: number;
  const { platform, shopId, line, product, submit, setReturnSetting } = returnFlow(
    dialect,
    (scene) => ({ t, token, orderId } = scene),
  );

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
});
