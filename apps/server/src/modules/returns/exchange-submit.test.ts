import { calls, Code, messages, SolutionId } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { present } from '@return-center/domain';
import { describe, expect, it } from 'vitest';
import { payAtCheckout, pathOf } from '../../../test/checkout.js';
import { dialects, mailbox, shop, submitReturn, trySubmitReturn, type TestApp } from '../../../test/helper.js';
import { exchangeScene } from './test-support.js';

/** Submitting an exchange (solution 5, #13): the new items are reserved at the platform and shown on the status page. */
describe.each(dialects)('exchange submit on %s', (dialect) => {
  let t: TestApp;
  let shopId: number;
  let size43: number;
  const { platform, size, setStock, copyOf1001, reject } = exchangeScene(
    dialect,
    (scene) => ({ t, shopId, size43 } = scene),
  );

  it('exchanges the sneakers from size 42 to 43: one unit reserved, the status page shows the new pair', async () => {
    const { token, requestId } = await submitReturn(t, {
      title: 'Canvas Sneakers',
      exchange: [{ variant_id: size43, quantity: 1 }],
    });
    expect((await size('43')).stock).toBe(2);
    const { body } = await t.call(calls.returnInfo, { request_id: requestId }, token);
    expect(body.code).toBe(Code.Success);
    const exchange = present(body.data.exchange_order, 'exchange order');
    expect(exchange.line_items).toEqual([
      { variant_id: size43, title: 'Canvas Sneakers / 43', quantity: 1, price: 8900 },
    ]);
    // Another size of the same shoe is an even swap, though the pair was bought with 10% off.
    expect(body.data.total).toBeLessThan(8900);
    expect(exchange).toMatchObject({ total_price: 0, exchange_credit: 8900, remain_credit: 0 });

    // Rejected: the pair goes back on the shelf.
    await reject(requestId);
    expect((await size('43')).stock).toBe(3);
  });

  it('the merchant’s approval turns the exchange into an order of the shop, which the status page names', async () => {
    const { token, requestId } = await submitReturn(t, {
      title: 'Canvas Sneakers',
      exchange: [{ variant_id: size43, quantity: 1 }],
    });
    const demo = present(await t.app.ctx.services.storefront.shops.byUrl(shop), 'demo shop');
    await t.app.ctx.services.lifecycle.transition(demo, requestId, 'approve', 'merchant');
    await t.app.ctx.worker.runDue();
    const exchange = present(
      (await t.call(calls.returnInfo, { request_id: requestId }, token)).body.data.exchange_order,
      'exchange order',
    );
    expect(exchange.order_name).toMatch(/^#\d+-E\d+$/);
    const made = present(await platform().getOrder(shopId, Number(exchange.order_id)), 'the exchange order');
    expect(made.lines.map((l) => [l.variantId, l.quantity])).toEqual([[size43, 1]]);
    await t.app.ctx.worker.runDue();
    const subjects = (await mailbox(t, 'alice@example.com')).map((mail) => mail.subject);
    expect(subjects).toContain(`Your exchange order ${exchange.order_name} is placed`);
    // The return is done with: the order is free for the next test.
    await t.app.ctx.services.lifecycle.transition(demo, requestId, 'receive', 'merchant');
    await t.app.ctx.services.lifecycle.transition(demo, requestId, 'resolve', 'merchant');
    await t.app.ctx.worker.runDue();
  });

  it('refuses an exchange that costs more than the return is worth, and reserves nothing', async () => {
    const coat = present(
      (await platform().listProducts(shopId, { sort: 'price-desc', inStock: true, limit: 1 })).products[0],
      'the dearest product',
    );
    const dear = present(
      coat.variants.find((v) => v.stock > 0),
      'a variant in stock',
    );
    const { body } = await trySubmitReturn(t, {
      order: '#1001',
      title: 'Linen Shirt',
      exchange: [{ variant_id: dear.id, quantity: 1 }],
    });
    expect(body).toMatchObject({ code: Code.ExchangeCostsMore, msg: messages.exchangeCostsMore });
    const after = present(await platform().getProduct(shopId, coat.id), 'product');
    expect(after.variants.find((v) => v.id === dear.id)?.stock).toBe(dear.stock);
  });

  it('a dearer exchange is paid for at the store checkout first, then submitted', async () => {
    const { token, orderId } = await trySubmitReturn(t, { title: 'Linen Shirt', exchange: [] });
    const dearest = present(
      (await platform().listProducts(shopId, { sort: 'price-desc', inStock: true, limit: 1 })).products[0],
      'the dearest product',
    );
    const variant = present(
      dearest.variants.find((v) => v.stock > 0),
      'a variant in stock',
    );
    const info = (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data;
    const shirt = present(
      info.yes.find((l) => l.title === 'Linen Shirt'),
      'shirt',
    );
    const choice = {
      order_id: orderId,
      refund_line_items: [{ line_item_id: shirt.line_item_id, quantity: 1 }],
      exchange_line_items: [{ variant_id: variant.id, quantity: 1 }],
      idempotency_key: 'pay-step-key-1',
    };
    const made = (await t.call(calls.createDraftOrder, choice, token)).body;
    expect(made.code).toBe(Code.Success);
    const draft = made.data;
    expect(draft).toMatchObject({ status: 'open', total_line_items_price: variant.price, exchange_credit: 4763 });
    expect(draft.total_price).toBe(variant.price - 4763);
    // Asking again for the same choice answers the same draft. Unpaid, it holds no units (#30).
    expect((await t.call(calls.createDraftOrder, choice, token)).body.data.draft_order_id).toBe(draft.draft_order_id);
    const stock = async () =>
      (await platform().getProduct(shopId, dearest.id))?.variants.find((v) => v.id === variant.id)?.stock;
    expect(await stock()).toBe(variant.stock);

    const submit = () =>
      t.call(
        calls.setReturnOrder,
        oneLineReturn(
          { orderId, lineId: shirt.line_item_id, idempotencyKey: choice.idempotency_key },
          {
            fields: {
              solution_id: SolutionId.Exchange,
              type: 2,
              exchange_line_items: choice.exchange_line_items,
              draft_order_id: draft.draft_order_id,
            },
          },
        ),
        token,
      );
    expect((await submit()).body).toMatchObject({ code: Code.PaymentPending, msg: messages.pleaseRetry });

    // The checkout page: a forged link finds nothing; the real one sends the shopper to the payments provider and,
    // once the payment is taken, back to the exchange page.
    const forged = await t.app.inject({ method: 'GET', url: draft.checkout_url.replace(/sig=.*/, 'sig=forged') });
    expect(forged.statusCode).toBe(404);
    const paid = await payAtCheckout(t, `${draft.checkout_url}&return=//evil.example/`);
    expect(paid.statusCode).toBe(303);
    expect(String(paid.headers.location)).not.toContain('evil');
    expect(pathOf(String(paid.headers.location))).toBe(
      `/process-manage/exchange/${String(orderId)}?shop=${encodeURIComponent(shop)}&draft=${draft.draft_order_id}`,
    );
    const status = await t.call(
      calls.getDraftOrder,
      { order_id: orderId, draft_order_id: draft.draft_order_id },
      token,
    );
    expect(status.body.data.status).toBe('paid');
    // Paid, the draft takes its unit.
    expect(await stock()).toBe(variant.stock - 1);

    const { body } = await submit();
    expect(body.code).toBe(Code.Success);
    const detail = (await t.call(calls.returnInfo, { request_id: body.data.request_id }, token)).body.data;
    expect(detail.exchange_order).toMatchObject({
      total_price: variant.price - 4763,
      exchange_credit: 4763,
      refunded_payment: 0,
    });

    // Rejected after the shopper paid: the unit goes back on the shelf and the payment back to the shopper.
    await reject(body.data.request_id);
    const rejected = (await t.call(calls.returnInfo, { request_id: body.data.request_id }, token)).body.data;
    expect(rejected.exchange_order).toMatchObject({ refunded_payment: variant.price - 4763 });
    const sandbox = present(t.app.ctx.services.payments.sandbox, 'the sandbox provider');
    expect(await sandbox.payments()).toEqual([
      expect.objectContaining({ capturedAmount: variant.price - 4763, refundedAmount: variant.price - 4763 }),
    ]);
    expect((await platform().getProduct(shopId, dearest.id))?.variants.find((v) => v.id === variant.id)?.stock).toBe(
      variant.stock,
    );
  });

  it('refuses an exchange without new items, and new items without an exchange', async () => {
    const none = await trySubmitReturn(t, { title: 'Canvas Sneakers', exchange: [] });
    expect(none.body.code).toBe(Code.InvalidInput);
    const stray = await trySubmitReturn(t, {
      title: 'Canvas Sneakers',
      solution_id: SolutionId.RefundOriginal,
      exchange: [{ variant_id: size43, quantity: 1 }],
    });
    expect(stray.body.code).toBe(Code.InvalidInput);
    expect((await size('43')).stock).toBe(3);
  });

  it('gives the last pair to one of two shoppers who want it at once; the other hears "No stock"', async () => {
    await copyOf1001();
    await setStock(size43, 1);
    const want = { title: 'Canvas Sneakers', exchange: [{ variant_id: size43, quantity: 1 }] };
    const [alice, bob] = await Promise.all([
      trySubmitReturn(t, { ...want, order: '#1001', email: 'alice@example.com' }),
      trySubmitReturn(t, { ...want, order: '#9001', email: 'bob@example.com' }),
    ]);
    const codes = [alice.body.code, bob.body.code].sort();
    expect(codes).toEqual([Code.Success, Code.NoStock].sort());
    const loser = alice.body.code === Code.Success ? bob : alice;
    expect(loser.body).toMatchObject({ code: Code.NoStock, msg: messages.noStock });
    expect((await size('43')).stock).toBe(0);
  });
});
