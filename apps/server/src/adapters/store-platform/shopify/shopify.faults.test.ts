import { feedOrder } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeShopifyAdmin,
  type BucketLimits,
  type FakeShopifyAdmin,
  type ShopifyCall,
} from '../../../../test/fakes/shopify-admin-server.js';
import { restockedUnits } from '../../../../test/fakes/shopify-admin-refunds.js';
import { refundedUnits, type FakeShop } from '../../../../test/fakes/shopify-admin-shop.js';
import { fixedClock } from '../../../clock.js';
import { ShopifyError, ShopifyAdminPlatform, ShopifyTimeout, type Timer } from './admin-platform.js';

const START = Date.UTC(2026, 10, 20, 15, 0, 0);

/** Time that moves only when someone waits: a wait of a minute takes no time, and the log shows the minute. */
function virtualTimer(): Timer {
  let now = START;
  return {
    nowMs: () => now,
    sleep: async (ms) => {
      now += Math.max(0, ms);
      await Promise.resolve();
    },
  };
}

const order = (id: string) =>
  feedOrder.parse({
    id,
    name: `#${id}`,
    email: 'alice@example.com',
    currency: 'USD',
    created_at: Math.floor(START / 1000) - 86_400,
    fulfilled_at: Math.floor(START / 1000) - 3600,
    shipping: 500,
    lines: [
      { id: `${id}-1`, title: 'Linen Shirt', variant_title: 'M', price: 4900, quantity: 2, discount: 490, tax: 353 },
    ],
  });

describe('Shopify adapter against its fake Admin API, when things go wrong', () => {
  let fake: FakeShopifyAdmin;
  let shop: FakeShop;
  let orderId: number;
  let lineId: number;
  let timer: Timer;
  const clock = fixedClock(START);

  const start = async (limits?: BucketLimits, virtual = false) => {
    timer = virtual
      ? virtualTimer()
      : { nowMs: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };
    fake = await startFakeShopifyAdmin({ clock, timer, ...(limits ? { limits } : {}) });
    shop = fake.addShop();
    const placed = fake.putOrder(shop.domain, order('1001'));
    orderId = placed.id;
    lineId = present(placed.lines[0], 'the line').id;
  };
  beforeEach(() => start());
  afterEach(() => fake.close());

  const platform = (options: { timeoutMs?: number; orderCacheMs?: number } = {}) =>
    new ShopifyAdminPlatform({
      shops: { access: () => Promise.resolve(shop), list: () => Promise.resolve([1]) },
      apiOrigin: fake.origin,
      clock,
      timer,
      codeSecret: 'faults',
      orderCacheMs: 0,
      // Long enough for the rate-limit waits below, which take virtual time only.
      timeoutMs: 300_000,
      ...options,
    });
  const calls = (operation: string) => fake.calls.filter((c) => c.operation === operation);
  const refund = {
    shopId: 1,
    orderId: 0,
    amount: 4763,
    currency: 'USD',
    kind: 'original' as const,
    lines: [] as { lineId: number; quantity: number }[],
    restock: false,
    idempotencyKey: 'request-7',
  };
  const apiRefunds = () =>
    present(
      shop.orders.find((o) => o.id === orderId),
      'order',
    ).refunds.filter((r) => r.feedId === null);

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

  it('waits out THROTTLED by what the throttle status says, then sends again', async () => {
    await fake.close();
    // The bucket holds an order search (812 points asked) only while nothing else was kept from it.
    await start({ maximumAvailable: 820, restoreRate: 50 }, true);
    const p = platform();
    await p.getOrder(1, orderId);
    // The adapter has not seen an order search cost yet: its guess is short, and Shopify throttles.
    expect(await p.findOrderByNumber(1, '1001')).toMatchObject({ id: orderId });
    const [first, second] = calls('Orders');
    expect([first?.outcome, second?.outcome]).toEqual(['throttled', 'answered']);
    const left = 820 - (present(calls('Order')[0], 'order read').actualCost ?? 0);
    const wait = Math.ceil(((present(first, 'first').cost - left) * 1000) / 50);
    expect(present(second, 'second').at - present(first, 'first').at).toBe(wait);

    fake.faults.throttle = 2;
    await p.getOrder(1, orderId);
    expect(calls('Order').map((c) => c.outcome)).toEqual(['answered', 'throttled', 'throttled', 'answered']);
  });

  it('waits out a 429 for its Retry-After', async () => {
    await fake.close();
    await start(undefined, true);
    fake.faults.tooMany = { count: 2, retryAfter: '2.0' };
    await platform().getOrder(1, orderId);
    const at = calls('Order').map((c) => c.at);
    expect(calls('Order').map((c) => c.outcome)).toEqual(['throttled', 'throttled', 'answered']);
    expect([(at[1] ?? 0) - (at[0] ?? 0), (at[2] ?? 0) - (at[1] ?? 0)]).toEqual([2000, 2000]);
  });

  it('waits for the points the last throttle status says are missing, and so is never throttled', async () => {
    await fake.close();
    // A bucket of 280 points holds what a read of an order asks (about 270), but not once a read kept its part.
    await start({ maximumAvailable: 280, restoreRate: 50 }, true);
    const p = platform();
    for (let i = 0; i < 4; i++) await p.getOrder(1, orderId);
    const reads = calls('Order');
    expect(reads.map((c) => c.outcome)).toEqual(['answered', 'answered', 'answered', 'answered']);
    // A read asks c and keeps k: the second waits for what the first left short, the others for what one kept.
    const c = present(reads[0], 'a read').cost;
    const k = present(reads[0], 'a read').actualCost ?? 0;
    expect(k).toBeLessThan(c);
    expect(280 - k).toBeLessThan(c);
    const first = Math.ceil(((c - (280 - k)) * 1000) / 50);
    const each = Math.ceil((k * 1000) / 50);
    expect(reads.map((r) => r.at - START)).toEqual([0, first, first + each, first + 2 * each]);
  });

  it('never spends points faster than the restore rate, with many calls at once', async () => {
    await fake.close();
    const limits = { maximumAvailable: 40, restoreRate: 200 };
    await start(limits);
    const p = platform();
    const began = Date.now();
    const answers = await Promise.all(Array.from({ length: 12 }, () => p.hasCustomer(1, 'alice@example.com')));
    expect(answers.every(Boolean)).toBe(true);
    const sent = calls('OrderIds');
    expect(sent.filter((c) => c.outcome !== 'answered')).toEqual([]);
    // Over any stretch of the log, what Shopify kept fits in a full bucket plus what was restored meanwhile.
    for (let i = 0; i < sent.length; i++)
      for (let j = i; j < sent.length; j++) {
        const spent = sent.slice(i, j + 1).reduce((sum: number, c: ShopifyCall) => sum + (c.actualCost ?? 0), 0);
        const restored = ((present(sent[j], 'to').at - present(sent[i], 'from').at) * limits.restoreRate) / 1000;
        expect(spent).toBeLessThanOrEqual(limits.maximumAvailable + restored);
      }
    const kept = sent.reduce((sum: number, c: ShopifyCall) => sum + (c.actualCost ?? 0), 0);
    expect(Date.now() - began).toBeGreaterThanOrEqual(
      ((kept - limits.maximumAvailable) * 1000) / limits.restoreRate - 50,
    );
  });

  it('reads an order through a short cache that a webhook or a refund empties', async () => {
    await fake.close();
    await start({ maximumAvailable: 100_000, restoreRate: 100_000 });
    const p = platform({ orderCacheMs: 5000 });
    await p.getOrder(1, orderId);
    await p.getOrder(1, orderId);
    expect(calls('Order')).toHaveLength(1);
    p.forgetOrder(1, orderId);
    await p.getOrder(1, orderId);
    expect(calls('Order')).toHaveLength(2);
    clock.advance(5000);
    await p.getOrder(1, orderId);
    expect(calls('Order')).toHaveLength(3);
    await p.issueRefund({ ...refund, orderId, amount: 100 });
    await p.getOrder(1, orderId);
    expect(calls('Order')).toHaveLength(4);
  });
});
