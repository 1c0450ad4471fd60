import type { FeedOrder } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startFakeShopifyAdmin } from '../../../../test/fakes/shopify-admin-server.js';
import type { FakeShop } from '../../../../test/fakes/shopify-admin-shop.js';
import { addShop, buildTestApp, dialects, START } from '../../../../test/helper.js';
import { fixedClock, nowSeconds } from '../../../clock.js';
import { LocalStorePlatform, type NewCollection, type NewProduct } from '../local.js';
import type { DraftOrder, DraftOrderInput, PlatformLine, PlatformOrder, StorePlatform } from '../port.js';
import { parseDraftKey } from '../shopify/draft-view.js';
import { ShopifyStorePlatform } from '../shopify/shopify.js';
import { order, product } from './fixtures.js';

/**
 * What every store platform must do, in behaviour only (contract/*.contract.test.ts, one file per capability): each
 * adapter runs the same files through a harness that
 * also puts fixture data into the platform the way that platform gets it (the local platform: its order feed and
 * seed calls; a Shopify fake: its admin API). Money is in minor units, times in seconds.
 */
export interface Harness {
  platform: StorePlatform;
  /** A new, empty shop on the platform; answers its id. */
  newShop(): Promise<number>;
  /** Puts orders into the shop as its store would (again, to change one, e.g. with refunds of some units). */
  putOrders(shopId: number, orders: FeedOrder[]): Promise<void>;
  putProduct(shopId: number, product: NewProduct): Promise<{ productId: number; variantIds: number[] }>;
  putCollection(shopId: number, collection: NewCollection): Promise<number>;
  /** Pays an open draft the way the shopper would at the platform's checkout. */
  payDraft(shopId: number, draft: DraftOrder): Promise<void>;
  /**
   * The id the fixture fed an order or line with, from the platform's own id of it: the local platform keeps the
   * store's ids, Shopify gives its own.
   */
  fedAs(platformId: string): string;
  /** The platform's time now (unix seconds), and moving it on. */
  now(): number;
  advance(seconds: number): void;
  close(): Promise<void>;
}

async function local(dialect: (typeof dialects)[number]): Promise<Harness> {
  const t = await buildTestApp(dialect, { SEED_DEMO: 'false' });
  const platform = new LocalStorePlatform(t.db, t.clock);
  let shops = 0;
  return {
    platform,
    newShop: async () => (await addShop(t, `contract-${String(++shops)}.example.com`)).shop.id,
    putOrders: async (shopId, orders) => {
      for (const result of await platform.upsertOrders(shopId, orders))
        if ('error' in result) throw new Error(`Order ${result.id} not put: ${result.error}`);
    },
    putProduct: async (shopId, product) => {
      const variants = await platform.addProduct(shopId, product);
      return {
        productId: present(variants[0], 'a variant of the product').productId,
        variantIds: variants.map((v) => v.variantId),
      };
    },
    putCollection: async (shopId, collection) => (await platform.addCollection(shopId, collection)).id,
    payDraft: async (shopId, draft) => {
      await platform.markDraftOrderPaid(shopId, draft.id);
    },
    fedAs: (platformId) => platformId,
    now: () => nowSeconds(t.clock),
    advance: (seconds) => t.clock.advance(seconds * 1000),
    close: () => t.close(),
  };
}

/**
 * Shopify's adapter against the local fake Admin API: fixture data goes into the fake as a merchant's admin would put
 * it there, and each change of an order is told to the adapter as Shopify's orders/updated webhook would. The fake's
 * bucket is a large one here (the fault tests hold the adapter to a small one).
 */
async function shopify(dialect: (typeof dialects)[number]): Promise<Harness> {
  const clock = fixedClock(START);
  const t = await buildTestApp(dialect, { SEED_DEMO: 'false' });
  const fake = await startFakeShopifyAdmin({ clock, limits: { maximumAvailable: 1_000_000, restoreRate: 1_000_000 } });
  const shops = new Map<number, FakeShop>();
  const platform = new ShopifyStorePlatform({
    db: t.db,
    shops: {
      access: (shopId) => Promise.resolve(shops.get(shopId) ?? null),
      list: () => Promise.resolve([...shops.keys()]),
    },
    apiOrigin: fake.origin,
    clock,
    codeSecret: 'contract',
  });
  const fed = new Map<string, string>();
  // Our product and variant numbers to Shopify's, to put collections and orders of them into the fake.
  const productsOf = new Map<number, number>();
  const variantsOf = new Map<number, number>();
  const domainOf = (shopId: number) => present(shops.get(shopId), `shop ${String(shopId)}`).domain;
  return {
    platform,
    newShop: async () => {
      const id = (await addShop(t, `shopify-${String(shops.size + 1)}.example.com`)).shop.id;
      shops.set(id, fake.addShop());
      return id;
    },
    putOrders: (shopId, orders) => {
      for (const given of orders) {
        // Order lines name Shopify's variants, as the fixture names ours.
        const lines = given.lines.map((l) => ({ ...l, variant_id: variantsOf.get(l.variant_id) ?? 0 }));
        const feed = { ...given, lines };
        const order = fake.putOrder(domainOf(shopId), feed);
        fed.set(String(order.id), feed.id);
        for (const line of order.lines) fed.set(String(line.id), line.feedId);
        platform.forgetShopifyOrder(shopId, order.id);
      }
      return Promise.resolve();
    },
    putProduct: async (shopId, product) => {
      const names = product.optionNames ?? (product.variants[0]?.options.length === 1 ? ['Size'] : undefined);
      const made = fake.putProduct(domainOf(shopId), { ...product, optionNames: names });
      for (const handle of product.collections ?? [])
        fake.putCollection(domainOf(shopId), { title: handle, handle, productIds: [made.id] });
      // What Shopify's products/create webhook tells the adapter.
      platform.forgetCatalogue(shopId);
      const productId = await platform.localId(shopId, 'Product', made.id);
      productsOf.set(productId, made.id);
      const variantIds = await Promise.all(made.variants.map((v) => platform.localId(shopId, 'ProductVariant', v.id)));
      for (const [i, id] of variantIds.entries()) variantsOf.set(id, present(made.variants[i], 'variant').id);
      return { productId, variantIds };
    },
    putCollection: async (shopId, collection) => {
      const made = fake.putCollection(domainOf(shopId), {
        ...collection,
        productIds: collection.productIds.map((id) => present(productsOf.get(id), `product ${String(id)}`)),
      });
      // Adding products to a collection changes them: Shopify's products/update webhook.
      platform.forgetCatalogue(shopId);
      return platform.localId(shopId, 'Collection', made.id);
    },
    payDraft: (shopId, draft) => {
      fake.payDraft(domainOf(shopId), present(parseDraftKey(draft.id), `draft ${draft.id}`).draftId);
      // A checkout changes the variants' stock: Shopify's products/update webhook.
      platform.forgetCatalogue(shopId);
      return Promise.resolve();
    },
    fedAs: (platformId) => fed.get(platformId) ?? platformId,
    now: () => nowSeconds(clock),
    advance: (seconds) => clock.advance(seconds * 1000),
    close: async () => {
      await fake.close();
      await t.close();
      // Whatever the test did, the adapter asked Shopify for nothing it has deprecated.
      expect(fake.calls.flatMap((c) => c.deprecated)).toEqual([]);
    },
  };
}

export const adapters: [string, () => Promise<Harness>][] = [
  ...dialects.map((dialect): [string, () => Promise<Harness>] => [`local on ${dialect}`, () => local(dialect)]),
  ...dialects.map((dialect): [string, () => Promise<Harness>] => [
    `shopify against its fake Admin API on ${dialect}`,
    () => shopify(dialect),
  ]),
];

/** What each test of a contract file gets: the adapter, two new shops, and ways to put fixtures into the first. */
export interface Scope {
  h: Harness;
  platform: StorePlatform;
  shop: number;
  otherShop: number;
  /** The order's line the fixture fed with this id. */
  lineOf: (placed: PlatformOrder, fedId: string) => PlatformLine;
  /** Puts the order into the shop and answers it as the platform has it. */
  placed: (feed: FeedOrder, shopId?: number) => Promise<PlatformOrder>;
  /** An order of the shop and a product with a variant in stock (2500, 10 units) and one sold out. */
  exchange: () => ReturnType<typeof exchangeIn>;
}

/** Opens the adapter for the enclosing `describe` and, before each test, two new shops, handed to `use`. */
export function forEachTest(open: () => Promise<Harness>, use: (scope: Scope) => void): void {
  let h: Harness;
  beforeAll(async () => {
    h = await open();
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    const shop = await h.newShop();
    const otherShop = await h.newShop();
    const placed = async (feed: FeedOrder, shopId = shop) => {
      await h.putOrders(shopId, [feed]);
      return present(await h.platform.findOrderByNumber(shopId, feed.number), `order ${feed.number}`);
    };
    use({
      h,
      platform: h.platform,
      shop,
      otherShop,
      lineOf: (found, fedId) =>
        present(
          found.lines.find((l) => h.fedAs(l.platformId) === fedId),
          `line ${fedId}`,
        ),
      placed,
      exchange: () => exchangeIn(h, shop, placed),
    });
  });
}

/** An order of the shop and a product with a variant in stock (2500, 10 units) and one sold out. */
async function exchangeIn(h: Harness, shop: number, placed: Scope['placed']) {
  const from = await placed(order('1001'));
  const { productId, variantIds } = await h.putProduct(
    shop,
    product('linen-shirt', 0, {
      productType: 'Shirts',
      vendor: 'Fernhill Supply Co.',
      variants: [
        { title: 'S', sku: 'LINEN-SHIRT-S', price: 2500, stock: 10, options: ['S'] },
        { title: 'M', sku: 'LINEN-SHIRT-M', price: 2500, stock: 0, options: ['M'] },
      ],
    }),
  );
  const [inStock, soldOut] = variantIds;
  const input = (key: string, fields: Partial<DraftOrderInput> = {}): DraftOrderInput => ({
    orderId: from.id,
    email: 'alice@example.com',
    currency: 'USD',
    lines: [{ variantId: present(inStock, 'variant in stock'), quantity: 2 }],
    credit: 1000,
    idempotencyKey: `${String(shop)}-${key}`,
    group: `${String(shop)}-${key}`,
    holdUntil: h.now() + 3600,
    ...fields,
  });
  return { from, productId, inStock: present(inStock, 'in stock'), soldOut: present(soldOut, 'sold out'), input };
}
