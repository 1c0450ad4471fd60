import { randomBytes } from 'node:crypto';
import {
  calls,
  MERCHANT_BASE,
  type Envelope,
  type ItemInspection,
  type MerchantRequest,
} from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addEmptyShop, buildTestApp, dialects, mailbox, shop, type TestApp } from '../../../test/helper.js';

const KEY = 'demo-merchant-key';

describe.each(dialects)('inspection at receipt on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const api = async <T = MerchantRequest>(path: string, payload?: object, key = KEY) => {
    const response = await t.app.inject({
      method: payload ? 'POST' : 'GET',
      url: MERCHANT_BASE + path,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${key}` },
    });
    return { status: response.statusCode, body: response.json<Envelope<T>>() };
  };

  /** Alice returns both pairs of #1001's sneakers (one item, two units), and the desk approves it. */
  async function approvedTwoPairs() {
    const token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' }))
      .body.data.token;
    const orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], 'order').id;
    const info = (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data;
    const sneakers = present(
      info.yes.find((l) => l.title === 'Canvas Sneakers'),
      'sneakers',
    ).line_item_id;
    const submit = oneLineReturn({ orderId, lineId: sneakers, idempotencyKey: randomBytes(12).toString('hex') });
    submit.order_product = submit.order_product.map((line) => ({ ...line, quantity: 2 }));
    const { body } = await t.call(calls.setReturnOrder, submit, token);
    expect(body.msg).toBe('ok');
    const requestId = body.data.request_id;
    expect((await api(`/requests/${requestId}/approve`, {})).status).toBe(200);
    await t.app.ctx.worker.runDue();
    return { token, requestId, sneakers };
  }

  const stockOf = async (lineId: number) =>
    t.db
      .selectFrom('order_lines')
      .innerJoin('variants', 'variants.id', 'order_lines.variant_id')
      .select(['order_lines.refunded_quantity', 'variants.inventory_quantity'])
      .where('order_lines.id', '=', lineId)
      .executeTakeFirstOrThrow();

  const accept = (line_item_id: number, quantity = 1, restock = true): ItemInspection => ({
    line_item_id,
    quantity,
    condition: 'as_new',
    restock,
    outcome: 'accepted',
  });
  const damaged = (line_item_id: number): ItemInspection => ({
    line_item_id,
    quantity: 1,
    condition: 'damaged',
    restock: false,
    outcome: 'rejected',
    reason: 'Torn sole',
  });

  it('refunds only the accepted pair: the ceiling, the platform, the restock, the timeline, status page and email', async () => {
    const { token, requestId, sneakers } = await approvedTwoPairs();
    const before = (await api(`/requests/${requestId}`)).body.data;
    const stockBefore = await stockOf(sneakers);

    const received = await api(`/requests/${requestId}/receive`, { items: [accept(sneakers), damaged(sneakers)] });
    expect(received.status).toBe(200);
    const detail = received.body.data;
    expect(detail.status).toBe(5);
    const item = present(detail.items[0], 'item');
    expect(item.accepted_quantity).toBe(1);
    expect(item.inspection).toEqual([
      { quantity: 1, condition: 'as_new', restock: true, outcome: 'accepted', reason: '' },
      { quantity: 1, condition: 'damaged', restock: false, outcome: 'rejected', reason: 'Torn sole' },
    ]);
    // Both pairs cost the same: one of them earns half the return's total, within the rounding of their shares.
    expect(Math.abs(detail.refundable - before.refundable / 2)).toBeLessThanOrEqual(2);
    expect(detail.inspected_total).toBe(detail.refundable);
    expect(present(detail.events.at(-1), 'event').note).toBe(
      'Canvas Sneakers / 42 ×1 as new, accepted, restocked; Canvas Sneakers / 42 ×1 damaged, rejected (Torn sole)',
    );

    expect((await api(`/requests/${requestId}/refund`, { amount: detail.refundable + 1 })).status).toBe(422);
    expect((await api(`/requests/${requestId}/refund`, {})).status).toBe(200);
    await t.app.ctx.worker.runDue();
    const after = (await api(`/requests/${requestId}`)).body.data;
    expect(after.actual_refund).toBe(detail.refundable);
    expect(after.events.find((e) => e.action === 'refund')?.note).toBe(
      `amount ${String(detail.refundable)} for Canvas Sneakers / 42 ×1; not refunded: Canvas Sneakers / 42 ×1 (Torn sole)`,
    );
    // One pair is refunded at the store and back on sale; the damaged pair is neither.
    expect(await stockOf(sneakers)).toEqual({
      refunded_quantity: stockBefore.refunded_quantity + 1,
      inventory_quantity: stockBefore.inventory_quantity + 1,
    });

    const status = (await t.call(calls.returnInfo, { request_id: requestId }, token)).body.data;
    expect(status.inspected_total).toBe(detail.refundable);
    expect(present(status.product_items[0], 'item').inspection).toEqual({
      accepted: 1,
      rejected: [{ quantity: 1, condition: 'damaged', reason: 'Torn sole' }],
    });
    const mail = (await mailbox(t, 'alice@example.com')).find((m) => m.subject.startsWith('Your refund'));
    expect(present(mail, 'refund email').text).toContain('Refunded: Canvas Sneakers / 42 ×1.');
    expect(present(mail, 'refund email').text).toContain('Not refunded: Canvas Sneakers / 42 ×1 (Torn sole).');
  });

  it('refunds and takes back only the units received, restocking only when the desk chose to', async () => {
    const { requestId, sneakers } = await approvedTwoPairs();
    const full = (await api(`/requests/${requestId}`)).body.data.refundable;
    const stockBefore = await stockOf(sneakers);
    const received = await api(`/requests/${requestId}/receive`, {
      items: [{ ...accept(sneakers, 1, false), condition: 'opened' }],
    });
    expect(received.status).toBe(200);
    expect(Math.abs(received.body.data.refundable - full / 2)).toBeLessThanOrEqual(2);
    await api(`/requests/${requestId}/refund`, {});
    await t.app.ctx.worker.runDue();
    expect(await stockOf(sneakers)).toEqual({
      ...stockBefore,
      refunded_quantity: stockBefore.refunded_quantity + 1,
    });
  });

  it('keeps a receipt without item detail as before: every unit accepted, the whole return refundable', async () => {
    const { requestId, sneakers } = await approvedTwoPairs();
    const before = (await api(`/requests/${requestId}`)).body.data;
    const stockBefore = await stockOf(sneakers);
    const received = (await api(`/requests/${requestId}/receive`, {})).body.data;
    expect(received.refundable).toBe(before.refundable);
    expect(received.inspected_total).toBeNull();
    expect(received.items.map((i) => [i.accepted_quantity, i.inspection])).toEqual([[2, []]]);
    await api(`/requests/${requestId}/refund`, {});
    await t.app.ctx.worker.runDue();
    expect(await stockOf(sneakers)).toEqual({
      refunded_quantity: stockBefore.refunded_quantity + 2,
      inventory_quantity: stockBefore.inventory_quantity + 2,
    });
  });

  it('refuses to refund when every unit was rejected, and the desk may still reject the request', async () => {
    const { requestId, sneakers } = await approvedTwoPairs();
    const missing: ItemInspection = { ...damaged(sneakers), quantity: 2, condition: 'missing', reason: 'Empty box' };
    expect((await api(`/requests/${requestId}/receive`, { items: [missing] })).status).toBe(200);
    expect((await api(`/requests/${requestId}`)).body.data.refundable).toBe(0);
    expect((await api(`/requests/${requestId}/refund`, {})).status).toBe(422);
    expect((await api(`/requests/${requestId}/reject`, { reason: 'Nothing came back' })).body.data.status).toBe(3);
  });

  it('refuses an inspection that does not fit the request (422) or the contract (400), changing nothing', async () => {
    const { requestId, sneakers } = await approvedTwoPairs();
    const refused = async (items: object[], status: number, field: string) => {
      const answer = await api<{ errors: { field: string }[] }>(`/requests/${requestId}/receive`, { items });
      expect(answer.status, field).toBe(status);
      expect(
        answer.body.data.errors.map((e) => e.field),
        field,
      ).toContain(field);
    };
    await refused([accept(sneakers), accept(999_999)], 422, 'items.1.line_item_id');
    await refused([accept(sneakers, 2), damaged(sneakers)], 422, 'items.1.quantity');
    await refused([{ ...damaged(sneakers), reason: ' ' }], 422, 'items.0.reason');
    await refused([{ ...accept(sneakers), condition: 'missing' }], 422, 'items.0.condition');
    await refused([{ ...damaged(sneakers), restock: true }], 422, 'items.0.restock');
    await refused([{ ...accept(sneakers), condition: 'broken' }], 400, 'items.0.condition');
    await refused([{ ...accept(sneakers), quantity: 0 }], 400, 'items.0.quantity');
    const detail = (await api(`/requests/${requestId}`)).body.data;
    expect(detail.status).toBe(2);
    expect(present(detail.items[0], 'item').inspection).toEqual([]);
  });

  it('answers a request of another shop like a missing one', async () => {
    const { requestId, sneakers } = await approvedTwoPairs();
    const otherId = await addEmptyShop(t);
    await t.app.ctx.services.merchant.keys.add(otherId, 'other-shop-key-123456', 'test');
    const body = { items: [accept(sneakers)] };
    const foreign = await api(`/requests/${requestId}/receive`, body, 'other-shop-key-123456');
    expect(foreign.status).toBe(404);
    expect(foreign).toEqual(await api(`/requests/${requestId + 1000}/receive`, body, 'other-shop-key-123456'));
    expect((await api(`/requests/${requestId}`)).body.data.status).toBe(2);
  });
});
