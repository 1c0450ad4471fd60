import { feedOrder } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addShop, buildTestApp, dialects, START, type TestApp } from '../../../../test/helper.js';
import { startFakeShopifyAdmin, type FakeShopifyAdmin } from '../../../../test/fakes/shopify-admin-server.js';
import type { FakeShop } from '../../../../test/fakes/shopify-admin-shop.js';
import { fixedClock } from '../../../clock.js';
import { ShopifyStorePlatform } from './shopify.js';

const MAX_INT = 2_147_483_647;

const order = (id: string) =>
  feedOrder.parse({
    id,
    name: `#${id}`,
    email: 'alice@example.com',
    currency: 'USD',
    created_at: Math.floor(START / 1000) - 86_400,
    lines: [{ id: `${id}-1`, title: 'Linen Shirt', variant_title: 'M', price: 4900, quantity: 2 }],
  });

describe.each(dialects)('Shopify ids as numbers of ours on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeShopifyAdmin;
  const installed = new Map<number, FakeShop>();
  let platform: ShopifyStorePlatform;
  let shopA: number;
  let shopB: number;

  beforeEach(async () => {
    t = await buildTestApp(dialect, { SEED_DEMO: 'false' });
    fake = await startFakeShopifyAdmin({ clock: fixedClock(START) });
    shopA = (await addShop(t, 'a.example.com')).shop.id;
    shopB = (await addShop(t, 'b.example.com')).shop.id;
    installed.set(shopA, fake.addShop());
    installed.set(shopB, fake.addShop());
    platform = new ShopifyStorePlatform({
      db: t.db,
      shops: { access: (id) => Promise.resolve(installed.get(id) ?? null), list: () => Promise.resolve([]) },
      apiOrigin: fake.origin,
      clock: t.clock,
    });
  });
  afterEach(async () => {
    await fake.close();
    await t.close();
  });

  it('answers small numbers for Shopify ids past 2^31, the same ones every time and on another instance', async () => {
    const shopifyId = fake.putOrder(present(installed.get(shopA), 'shop').domain, order('1001')).id;
    expect(shopifyId).toBeGreaterThan(MAX_INT);
    const found = present(await platform.findOrderByNumber(shopA, '1001'), 'order');
    const ids = [found.id, ...found.lines.flatMap((l) => [l.id, l.productId, l.variantId])];
    for (const id of ids) expect(id).toBeGreaterThanOrEqual(0);
    for (const id of ids) expect(id).toBeLessThanOrEqual(MAX_INT);
    expect(found.platformId).toBe(String(shopifyId));
    const again = await platform.getOrder(shopA, found.id);
    expect(again?.id).toBe(found.id);
    const other = new ShopifyStorePlatform({
      db: t.db,
      shops: { access: (id) => Promise.resolve(installed.get(id) ?? null), list: () => Promise.resolve([]) },
      apiOrigin: fake.origin,
      clock: t.clock,
    });
    expect((await other.getOrder(shopA, found.id))?.lines[0]?.id).toBe(found.lines[0]?.id);
  });

  it("knows no number of another shop's, nor one it never gave", async () => {
    fake.putOrder(present(installed.get(shopA), 'shop').domain, order('1001'));
    const found = present(await platform.findOrderByNumber(shopA, '1001'), 'order');
    expect(await platform.getOrder(shopB, found.id)).toBeNull();
    expect(await platform.getOrder(shopA, found.id + 1000)).toBeNull();
    expect(await platform.listRefunds(shopB, found.id)).toEqual([]);
  });
});
