import { present } from '@return-center/domain';
import { describe, expect, it } from 'vitest';
import type { FakeShopifyAdmin } from '../../../../test/fakes/shopify-admin-server.js';
import { restockedUnits } from '../../../../test/fakes/shopify-admin-refunds.js';
import { refundedUnits, type FakeShop } from '../../../../test/fakes/shopify-admin-shop.js';
import { ShopifyAdminPlatform, ShopifyError, ShopifyTimeout } from './admin-platform.js';
import { withFakeShopify, refund, START } from './test-support.js';

/** Timeouts, lost answers, dropped connections and refusals: the adapter never does a thing twice and names what failed. */
describe('Shopify adapter against its fake Admin API, when things go wrong', () => {
  let fake: FakeShopifyAdmin;
  let shop: FakeShop;
  let orderId: number;
  let lineId: number;
  const { start, platform, calls, apiRefunds } = withFakeShopify((scene) => ({ fake, shop, orderId, lineId } = scene));

  it('gives up at the deadline with a timeout while Shopify still holds the request', async () => {
    fake.faults.latencyMs = 60_000;
    const began = Date.now();
    const error: unknown = await platform({ timeoutMs: 300 })
      .getOrder(1, orderId)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyTimeout);
    expect((error as Error).message).toBe('Shopify Order: no answer within 300 ms');
    expect(Date.now() - began).toBeLessThan(2000);
    expect(fake.held).toBe(1);
    expect(fake.calls).toHaveLength(1);
  });

  it('sends a refund whose answer was lost again under the same key, and Shopify refunds and restocks once', async () => {
    fake.faults.only = /^RefundCreate$/;
    fake.faults.dropAfter = 1;
    const result = await platform().issueRefund({
      ...refund,
      orderId,
      lines: [{ lineId, quantity: 1 }],
      restock: true,
    });
    const sent = calls('RefundCreate');
    expect(sent.map((c) => c.outcome)).toEqual(['dropped', 'answered']);
    expect(sent[0]?.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);
    expect(apiRefunds()).toHaveLength(1);
    expect(result.reference).toBe(`gid://shopify/Refund/${String(apiRefunds()[0]?.id)}`);
    expect(await platform().listRefunds(1, orderId)).toMatchObject([{ reference: result.reference, amount: 4763 }]);
    const placed = present(
      shop.orders.find((o) => o.id === orderId),
      'order',
    );
    expect([refundedUnits(placed, lineId), restockedUnits(placed, lineId)]).toEqual([1, 1]);
    expect(present(apiRefunds()[0], 'the refund').lines).toEqual([
      { lineId, quantity: 1, restockType: 'RETURN', locationId: present(shop.locations[0], 'primary location').id },
    ]);
  });

  it('asks where an order shipped from for a few points, and reads its fulfillments only when it left from two places', async () => {
    const placed = present(
      shop.orders.find((o) => o.id === orderId),
      'order',
    );
    await platform().issueRefund({ ...refund, orderId, lines: [{ lineId, quantity: 1 }], restock: true });
    expect(calls('ShippedFrom')).toHaveLength(1);
    expect(calls('RestockLocations')).toEqual([]);

    // The second unit left from a warehouse of its own: it goes back there, found by the fulfillments' lines.
    const warehouse = { id: 9_001, name: 'Warehouse' };
    shop.locations.push(warehouse);
    const [first] = placed.fulfillments;
    const shipped = present(first, 'the fulfillment');
    placed.fulfillments = [
      { ...shipped, lines: [] },
      { ...shipped, id: 9_002, locationId: warehouse.id, lines: shipped.lines.map((l) => ({ ...l, id: 9_003 })) },
    ];
    await platform().issueRefund({
      ...refund,
      orderId,
      lines: [{ lineId, quantity: 1 }],
      restock: true,
      idempotencyKey: 'second-unit',
    });
    expect(calls('RestockLocations')).toHaveLength(1);
    expect(present(apiRefunds()[1], 'the second refund').lines).toEqual([
      expect.objectContaining({ lineId, quantity: 1, restockType: 'RETURN', locationId: warehouse.id }),
    ]);
  });

  it('refunds without restocking where the shop did not let the app read its locations', async () => {
    shop.scopes = ['read_orders', 'write_orders'];
    await platform().issueRefund({ ...refund, orderId, lines: [{ lineId, quantity: 1 }], restock: true });
    const placed = present(
      shop.orders.find((o) => o.id === orderId),
      'order',
    );
    expect([refundedUnits(placed, lineId), restockedUnits(placed, lineId)]).toEqual([1, 0]);
    expect(calls('ShippedFrom').map((c) => c.outcome)).toEqual(['refused']);
  });

  it('refunds once when a refund that timed out is asked for again while Shopify still works on the first', async () => {
    fake.faults.only = /^RefundCreate$/;
    // Wide margins: on a loaded machine the first attempt must still reach the fake before its deadline, and the
    // second must still find the first at work there.
    fake.faults.latencyMs = 4000;
    await expect(platform({ timeoutMs: 1500 }).issueRefund({ ...refund, orderId })).rejects.toBeInstanceOf(
      ShopifyTimeout,
    );
    expect(fake.held).toBe(1);
    fake.faults.latencyMs = 0;
    // The job runs again: the same request, so the same key, reaches Shopify before the first attempt is done.
    const again = await platform().issueRefund({ ...refund, orderId });
    await expect.poll(() => fake.held).toBe(0);
    const sent = calls('RefundCreate');
    expect(sent).toHaveLength(2);
    expect(new Set(sent.map((c) => c.idempotencyKey)).size).toBe(1);
    expect(apiRefunds()).toHaveLength(1);
    expect(apiRefunds()[0]?.amount).toBe(4763);
    // A third run finds the refund recorded and sends nothing.
    expect(await platform().issueRefund({ ...refund, orderId })).toEqual(again);
    expect(calls('RefundCreate')).toHaveLength(2);
  });

  it("makes a gift card refund's card for its amount through initialAmount, nothing deprecated", async () => {
    const made = await platform().issueRefund({ ...refund, orderId, kind: 'gift_card' });
    expect(shop.giftCards.map((g) => [g.code, g.amount])).toEqual([[made.code, 4763]]);
    expect(fake.calls.flatMap((c) => c.deprecated)).toEqual([]);
  });

  it('sends a query again after a dropped connection', async () => {
    fake.faults.drop = 1;
    expect((await platform().getOrder(1, orderId))?.name).toBe('#1001');
    expect(calls('Order').map((c) => c.outcome)).toEqual(['dropped', 'answered']);
  });

  it('never sends a draft order twice after a failure it cannot read: the next attempt finds the first by its key', async () => {
    const variant = present(
      fake.putProduct(shop.domain, {
        title: 'Linen Shirt',
        handle: 'linen-shirt',
        createdAt: 0,
        variants: [{ title: 'S', sku: 'LS-S', price: 2500, stock: 5, options: ['S'] }],
      }).variants[0],
      'variant',
    );
    const input = {
      orderId,
      email: 'alice@example.com',
      currency: 'USD',
      lines: [{ variantId: variant.id, quantity: 1 }],
      // Nothing due: the draft reserves its unit.
      credit: 2500,
      idempotencyKey: 'exchange-1',
      group: 'form-1',
      holdUntil: Math.floor(START / 1000) + 3600,
    };
    fake.faults.only = /^DraftOrderCreate$/;
    fake.faults.dropAfter = 1;
    await expect(platform().createDraftOrder(1, input)).rejects.toThrow(
      /^Shopify DraftOrderCreate failed: connection lost/,
    );
    const draft = await platform().createDraftOrder(1, input);
    expect(calls('DraftOrderCreate')).toHaveLength(1);
    expect(shop.drafts.map((d) => String(d.id))).toEqual([draft.id.split('-')[0]]);
    expect(variant.available).toBe(4);
  });

  it('fails at once, naming the status, when Shopify refuses the token', async () => {
    const stranger = new ShopifyAdminPlatform({
      shops: {
        access: () => Promise.resolve({ domain: shop.domain, accessToken: 'shpat_wrong' }),
        list: () => Promise.resolve([]),
      },
      apiOrigin: fake.origin,
    });
    await expect(stranger.getOrder(1, orderId)).rejects.toThrow(
      /^Shopify Order failed: 401 \[API\] Invalid API key or access token/,
    );
    expect(fake.calls).toHaveLength(1);
  });

  it('names Shopify, the call and the status when 5xx answers last, JSON or a proxy’s HTML page', async () => {
    await fake.close();
    await start(undefined, true);
    fake.faults.fail = { status: 503, count: 100 };
    const error: unknown = await platform()
      .getOrder(1, orderId)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyError);
    expect(error).toMatchObject({
      status: 503,
      message: 'Shopify Order failed after 4 attempts: 503 Service Unavailable',
    });
    expect(calls('Order')).toHaveLength(4);
    fake.faults.fail = { status: 502, count: 100, html: true };
    await expect(platform().getOrder(1, orderId)).rejects.toThrow(
      /^Shopify Order failed after 4 attempts: 502 502 There was a problem loading this website\.$/,
    );
  });
});
