import { feedOrder } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach } from 'vitest';
import type { BucketLimits } from '../../../../test/fakes/shopify-admin-execute.js';
import { startFakeShopifyAdmin, type FakeShopifyAdmin } from '../../../../test/fakes/shopify-admin-server.js';
import type { FakeShop } from '../../../../test/fakes/shopify-admin-shop.js';
import { fixedClock } from '../../../clock.js';
import { ShopifyAdminPlatform, type Timer } from './admin-platform.js';

/** The Shopify adapter against its fake Admin API when things go wrong (shopify.faults and shopify.rate-limits tests). */

export const START = Date.UTC(2026, 10, 20, 15, 0, 0);

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

export const order = (id: string) =>
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

/** What each test starts with: a fake Admin API holding a shop with order #1001 of one line. */
export interface Scene {
  fake: FakeShopifyAdmin;
  shop: FakeShop;
  orderId: number;
  lineId: number;
}

/** A refund of the whole of #1001's line to the original payment, for the tests to vary. */
export const refund = {
  shopId: 1,
  orderId: 0,
  amount: 4763,
  currency: 'USD',
  kind: 'original' as const,
  lines: [] as { lineId: number; quantity: number }[],
  restock: false,
  idempotencyKey: 'request-7',
};

/**
 * Starts a scene before each test (and again when a test calls `start`, with other bucket limits or virtual time),
 * handing it to `use`, and the ways to reach it: the adapter, the calls the fake saw, the refunds made through the API.
 */
export function withFakeShopify(use: (scene: Scene) => void) {
  let scene: Scene;
  let timer: Timer;
  const clock = fixedClock(START);
  const start = async (limits?: BucketLimits, virtual = false) => {
    timer = virtual
      ? virtualTimer()
      : { nowMs: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };
    const fake = await startFakeShopifyAdmin({ clock, timer, ...(limits ? { limits } : {}) });
    const shop = fake.addShop();
    const placed = fake.putOrder(shop.domain, order('1001'));
    scene = { fake, shop, orderId: placed.id, lineId: present(placed.lines[0], 'the line').id };
    use(scene);
  };
  beforeEach(() => start());
  afterEach(() => scene.fake.close());

  const platform = (options: { timeoutMs?: number; orderCacheMs?: number } = {}) =>
    new ShopifyAdminPlatform({
      shops: { access: () => Promise.resolve(scene.shop), list: () => Promise.resolve([1]) },
      apiOrigin: scene.fake.origin,
      clock,
      timer,
      codeSecret: 'faults',
      orderCacheMs: 0,
      // Long enough for the rate-limit waits of the tests, which take virtual time only.
      timeoutMs: 300_000,
      ...options,
    });
  const calls = (operation: string) => scene.fake.calls.filter((c) => c.operation === operation);
  const apiRefunds = () =>
    present(
      scene.shop.orders.find((o) => o.id === scene.orderId),
      'order',
    ).refunds.filter((r) => r.feedId === null);
  return { clock, start, platform, calls, apiRefunds };
}
