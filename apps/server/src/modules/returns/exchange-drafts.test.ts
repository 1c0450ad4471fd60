import { calls, Code } from '@return-center/contract';
import { present } from '@return-center/domain';
import { describe, expect, it, vi } from 'vitest';
import { dialects, shop, submitReturn, trySubmitReturn, type TestApp } from '../../../test/helper.js';
import { exchangeScene } from './test-support.js';

/** Exchange drafts of the pay step: expiry, a changed choice, size swaps, credit paid out, drafts only to their shopper. */
describe.each(dialects)('exchange submit on %s', (dialect) => {
  let t: TestApp;
  let shopId: number;
  let size43: number;
  const { platform, size, setStock, copyOf1001 } = exchangeScene(dialect, (scene) => ({ t, shopId, size43 } = scene));

  /** Alice at the pay step of one return form for her sneakers, asking for a pair of another size, looking at drafts. */
  const payStep = async (idempotencyKey: string) => {
    const { token, orderId } = await trySubmitReturn(t, { title: 'Canvas Sneakers', exchange: [] });
    const info = (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data;
    const shoes = present(
      info.yes.find((l) => l.title === 'Canvas Sneakers'),
      'sneakers',
    );
    const choice = (variantId: number, pairs = 1) => ({
      order_id: orderId,
      refund_line_items: [{ line_item_id: shoes.line_item_id, quantity: 1 }],
      exchange_line_items: [{ variant_id: variantId, quantity: pairs }],
      idempotency_key: idempotencyKey,
    });
    return {
      draftFor: async (variantId: number, pairs = 1) =>
        (await t.call(calls.createDraftOrder, choice(variantId, pairs), token)).body,
      statusOf: async (draftId: string) =>
        (await t.call(calls.getDraftOrder, { order_id: orderId, draft_order_id: draftId }, token)).body.data.status,
    };
  };

  it('an even swap never submitted gives its pair back after EXCHANGE_DRAFT_TTL_MINUTES; the same choice then gets a new one', async () => {
    const { draftFor, statusOf } = await payStep('abandoned-pay-step');
    // Paid at once (nothing is due), it holds its pair: until a request holds it, only for the TTL.
    const first = (await draftFor(size43)).data;
    expect(first.status).toBe('paid');
    expect((await size('43')).stock).toBe(2);

    t.clock.advance(59 * 60 * 1000);
    await t.app.ctx.services.exchanges.expireAbandonedDrafts();
    expect((await size('43')).stock).toBe(2);
    t.clock.advance(2 * 60 * 1000);
    expect(await t.app.ctx.services.exchanges.expireAbandonedDrafts()).toBeGreaterThanOrEqual(1);
    expect((await size('43')).stock).toBe(3);
    expect(await statusOf(first.draft_order_id)).toBe('cancelled');

    const again = (await draftFor(size43)).data;
    expect(again).toMatchObject({ status: 'paid' });
    expect(again.draft_order_id).not.toBe(first.draft_order_id);
    expect((await size('43')).stock).toBe(2);
    await platform().cancelDraftOrder(shopId, again.draft_order_id);
  });

  it('sweeps even swaps never submitted at start-up too, after the EXCHANGE_DRAFT_TTL_MINUTES the operator set', async () => {
    const { draftFor, statusOf } = await payStep('abandoned-before-restart');
    const draft = (await draftFor(size43)).data;
    expect((await size('43')).stock).toBe(2);
    t.clock.advance(10 * 60 * 1000);
    await t.restart({ EXCHANGE_DRAFT_TTL_MINUTES: '5' });
    await vi.waitFor(async () => expect(await statusOf(draft.draft_order_id)).toBe('cancelled'), { timeout: 5000 });
    expect((await size('43')).stock).toBe(3);
  });

  it('a changed choice on the same order cancels its earlier draft: the units serve the new choice', async () => {
    const { draftFor, statusOf } = await payStep('changed-choice');
    await setStock(size43, 1);
    const first = (await draftFor(size43)).data;
    expect((await size('43')).stock).toBe(0);
    // Another pair of 43 under a new form key, with none on the shelf: the pair the first choice held comes back first.
    const { draftFor: fromNewForm } = await payStep('changed-choice-2');
    const second = (await fromNewForm(size43)).data;
    expect(second.status).toBe('paid');
    expect(await statusOf(first.draft_order_id)).toBe('cancelled');
    expect((await size('43')).stock).toBe(0);
    await platform().cancelDraftOrder(shopId, second.draft_order_id);
  });

  it('never lets a size swap take more pairs than come back', async () => {
    const { draftFor } = await payStep('more-pairs');
    const three = await draftFor(size43, 3);
    expect(three).toMatchObject({ code: Code.InvalidInput });
    expect(three.msg).toMatch(/at most 1 of the returned product/);
    expect((await size('43')).stock).toBe(3);
  });

  it('lets the merchant pay out only the credit an exchange leaves over, never more', async () => {
    const demo = present(await t.app.ctx.services.storefront.shops.byUrl(shop), 'demo shop');
    const settle = async (requestId: number) => {
      for (const action of ['approve', 'receive'] as const)
        await t.app.ctx.services.lifecycle.transition(demo, requestId, action, 'merchant');
      await t.app.ctx.worker.runDue();
    };
    const refund = (requestId: number, amount?: number) =>
      t.app.ctx.services.lifecycle.transition(demo, requestId, 'refund', 'merchant', { amount });

    // On Carol's copy of #1001, as the returns end refunded or resolved. A size swap uses the whole credit.
    await copyOf1001('9002', 'carol@example.com');
    const carol = { order: '#9002', email: 'carol@example.com' };
    const swap = await submitReturn(t, {
      ...carol,
      title: 'Canvas Sneakers',
      exchange: [{ variant_id: size43, quantity: 1 }],
    });
    await settle(swap.requestId);
    await expect(refund(swap.requestId)).rejects.toThrow(/nothing is left/);
    await t.app.ctx.services.lifecycle.transition(demo, swap.requestId, 'resolve', 'merchant');

    // A $25.00 beanie for a shirt worth $47.63: $22.63 is left, and that is the most the merchant can refund.
    const beanie = present(
      (await platform().listProducts(shopId, { search: 'wool beanie', limit: 1 })).products[0]?.variants[0],
      'Wool Beanie',
    );
    const cheap = await submitReturn(t, {
      ...carol,
      title: 'Linen Shirt',
      exchange: [{ variant_id: beanie.id, quantity: 1 }],
    });
    await settle(cheap.requestId);
    await expect(refund(cheap.requestId, 2264)).rejects.toThrow(/at most 2263/);
    await refund(cheap.requestId);
    await t.app.ctx.worker.runDue();
    const detail = (await t.call(calls.returnInfo, { request_id: cheap.requestId }, cheap.token)).body.data;
    expect(detail.actual_refund).toBe(4763 - beanie.price);
  });

  it('shows a draft only to the shopper whose order it comes from', async () => {
    const alice = await trySubmitReturn(t, { order: '#1001', title: 'Linen Shirt', exchange: [] });
    const info = (await t.call(calls.orderInfo, { order_id: alice.orderId }, alice.token)).body.data;
    const shirt = present(
      info.yes.find((l) => l.title === 'Linen Shirt'),
      'shirt',
    );
    const draft = (
      await t.call(
        calls.createDraftOrder,
        {
          order_id: alice.orderId,
          refund_line_items: [{ line_item_id: shirt.line_item_id, quantity: 1 }],
          exchange_line_items: [{ variant_id: size43, quantity: 1 }],
          idempotency_key: 'someone-elses-key',
        },
        alice.token,
      )
    ).body.data;
    await copyOf1001();
    const bob = await trySubmitReturn(t, {
      order: '#9001',
      email: 'bob@example.com',
      title: 'Linen Shirt',
      exchange: [],
    });
    for (const orderId of [bob.orderId, alice.orderId]) {
      const { body } = await t.call(
        calls.getDraftOrder,
        { order_id: orderId, draft_order_id: draft.draft_order_id },
        bob.token,
      );
      expect(body.code, `asked as order ${String(orderId)}`).not.toBe(Code.Success);
    }
  });
});
