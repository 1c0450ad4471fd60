import { feedOrder, type FeedOrder } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeShopifyAdmin } from '../../../test/fakes/shopify-admin-server.js';
import type { FakeShop } from '../../../test/fakes/shopify-admin-shop.js';
import { addShop, buildTestApp, dialects, START } from '../../../test/helper.js';
import { fixedClock, nowSeconds } from '../../clock.js';
import { LocalStorePlatform, type NewCollection, type NewProduct } from './local.js';
import { parseDraftKey } from './shopify/draft-view.js';
import { ShopifyStorePlatform } from './shopify/shopify.js';
import {
  UnknownOrder,
  VariantUnavailable,
  type DraftOrder,
  type DraftOrderInput,
  type PlatformOrder,
  type ReturnDecision,
  type ProductQuery,
  type StorePlatform,
  type SuggestedRefund,
} from './port.js';

/**
 * What every store platform must do, in behaviour only: each adapter runs this same file through a harness that
 * also puts fixture data into the platform the way that platform gets it (the local platform: its order feed and
 * seed calls; a Shopify fake: its admin API). Money is in minor units, times in seconds.
 */
interface Harness {
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

const adapters: [string, () => Promise<Harness>][] = [
  ...dialects.map((dialect): [string, () => Promise<Harness>] => [`local on ${dialect}`, () => local(dialect)]),
  ...dialects.map((dialect): [string, () => Promise<Harness>] => [
    `shopify against its fake Admin API on ${dialect}`,
    () => shopify(dialect),
  ]),
];

const DAY = 86_400;
const PLACED = 1_790_000_000;

/** An order as a store feeds it: defaults filled in, its number taken from its name. */
const order = (id: string, fields: Partial<Record<keyof FeedOrder, unknown>> = {}): FeedOrder =>
  feedOrder.parse({
    id,
    name: `#${id}`,
    email: 'alice@example.com',
    first_name: 'Alice',
    currency: 'USD',
    created_at: PLACED,
    fulfilled_at: PLACED + DAY,
    delivered_at: PLACED + 3 * DAY,
    shipping: 500,
    lines: [
      {
        id: `${id}-1`,
        title: 'Linen Shirt',
        variant_title: 'M',
        sku: 'LINEN-SHIRT-M',
        price: 4900,
        quantity: 1,
        discount: 490,
        tax: 353,
        tags: ['shirts'],
      },
      {
        id: `${id}-2`,
        title: 'Canvas Sneakers',
        variant_title: '42',
        sku: 'CANVAS-42',
        price: 8900,
        quantity: 3,
        discount: 1000,
        tax: 2057,
        tags: ['shoes', 'final-sale'],
      },
    ],
    ...fields,
  });

const product = (handle: string, rank: number, fields: Partial<NewProduct> = {}): NewProduct => ({
  title: handle
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' '),
  handle,
  image: '',
  tags: [],
  rank,
  createdAt: PLACED,
  optionNames: ['Size'],
  variants: [
    { title: 'S', sku: `${handle}-s`.toUpperCase(), price: 2500, stock: 3, options: ['S'] },
    { title: 'M', sku: `${handle}-m`.toUpperCase(), price: 2500, stock: 0, options: ['M'] },
  ],
  ...fields,
});

describe.each(adapters)('store platform: %s', (_name, open) => {
  let h: Harness;
  let platform: StorePlatform;
  let shop: number;
  let otherShop: number;
  beforeAll(async () => {
    h = await open();
    platform = h.platform;
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    shop = await h.newShop();
    otherShop = await h.newShop();
  });

  /** The order's line the fixture fed with this id. */
  const lineOf = (placed: PlatformOrder, fedId: string) =>
    present(
      placed.lines.find((l) => h.fedAs(l.platformId) === fedId),
      `line ${fedId}`,
    );

  /** Puts the order into the shop and answers it as the platform has it. */
  const placed = async (feed: FeedOrder, shopId = shop) => {
    await h.putOrders(shopId, [feed]);
    return present(await platform.findOrderByNumber(shopId, feed.number), `order ${feed.number}`);
  };

  describe('orders', () => {
    it('finds an order by its number, with or without "#", in any case', async () => {
      await h.putOrders(shop, [order('DS-1001')]);
      for (const typed of ['#DS-1001', 'DS-1001', 'ds-1001', ' #ds-1001 ']) {
        const found = await platform.findOrderByNumber(shop, typed);
        expect(found?.number, typed).toBe('DS-1001');
      }
      expect(await platform.findOrderByNumber(shop, '1001')).toBeNull();
      expect(await platform.findOrderByNumber(shop, '#DS-1002')).toBeNull();
    });

    it('answers the order in our own types: money in minor units, times in seconds, lines as fed', async () => {
      const found = await placed(order('1001'));
      expect(h.fedAs(found.platformId)).toBe('1001');
      expect(found).toMatchObject({
        name: '#1001',
        number: '1001',
        email: 'alice@example.com',
        currency: 'USD',
        subtotal: 4900 + 3 * 8900,
        discount: 490 + 1000,
        tax: 353 + 2057,
        shipping: 500,
        total: 4900 + 3 * 8900 - 1490 + 2410 + 500,
        createdAt: PLACED,
        fulfilledAt: PLACED + DAY,
        deliveredAt: PLACED + 3 * DAY,
        refunded: false,
      });
      expect(found.lines).toHaveLength(2);
      expect(lineOf(found, '1001-2')).toMatchObject({
        title: 'Canvas Sneakers',
        variantTitle: '42',
        sku: 'CANVAS-42',
        price: 8900,
        quantity: 3,
        discount: 1000,
        tax: 2057,
        tags: ['shoes', 'final-sale'],
        refundedQuantity: 0,
      });
      expect(await platform.getOrder(shop, found.id)).toEqual(found);
    });

    it('finds an order by id, and nothing for an id it does not have', async () => {
      const found = await placed(order('1001'));
      expect((await platform.getOrder(shop, found.id))?.number).toBe('1001');
      expect(await platform.getOrder(shop, found.id + 1000)).toBeNull();
    });

    it('lists a customer’s orders by email, newest first, and knows who is a customer', async () => {
      await h.putOrders(shop, [
        order('1001', { created_at: PLACED }),
        order('1002', { created_at: PLACED + 2 * DAY }),
        order('1003', { created_at: PLACED + DAY }),
        order('1004', { email: 'bob@example.com' }),
      ]);
      const orders = await platform.listOrdersByEmail(shop, 'Alice@Example.com');
      expect(orders.map((o) => o.number)).toEqual(['1002', '1003', '1001']);
      expect(orders.every((o) => o.lines.length === 2)).toBe(true);
      expect(await platform.listOrdersByEmail(shop, 'carol@example.com')).toEqual([]);
      expect(await platform.hasCustomer(shop, 'ALICE@example.com')).toBe(true);
      expect(await platform.hasCustomer(shop, 'carol@example.com')).toBe(false);
    });

    it('never answers one shop’s orders to another, even under the same number', async () => {
      const mine = await placed(order('1001'));
      expect(await platform.findOrderByNumber(otherShop, '1001')).toBeNull();
      expect(await platform.getOrder(otherShop, mine.id)).toBeNull();
      expect(await platform.listOrdersByEmail(otherShop, 'alice@example.com')).toEqual([]);
      expect(await platform.hasCustomer(otherShop, 'alice@example.com')).toBe(false);

      const theirs = await placed(order('1001', { email: 'bob@example.com' }), otherShop);
      expect(theirs.id).not.toBe(mine.id);
      expect((await platform.findOrderByNumber(shop, '1001'))?.email).toBe('alice@example.com');
      expect((await platform.findOrderByNumber(otherShop, '1001'))?.email).toBe('bob@example.com');
    });
  });

  describe('refunds', () => {
    it('suggests units × price less their share of the discount plus their share of the tax, summed', async () => {
      const found = await placed(order('1001'));
      const shirt = lineOf(found, '1001-1');
      const sneakers = lineOf(found, '1001-2');
      const all = present(
        await platform.suggestRefund(shop, found.id, [
          { lineId: shirt.id, quantity: 1 },
          { lineId: sneakers.id, quantity: 3 },
        ]),
        'suggestion',
      );
      expect(all.currency).toBe('USD');
      expect(all.lines).toEqual([
        { lineId: shirt.id, quantity: 1, subtotal: 4900, discount: 490, tax: 353, total: 4900 - 490 + 353 },
        { lineId: sneakers.id, quantity: 3, subtotal: 26_700, discount: 1000, tax: 2057, total: 26_700 - 1000 + 2057 },
      ]);
      expect(all.total).toBe(4763 + 27_757);

      const one = present(
        await platform.suggestRefund(shop, found.id, [{ lineId: sneakers.id, quantity: 1 }]),
        'one unit',
      );
      const [part] = one.lines;
      expect(part?.subtotal).toBe(8900);
      // A third of the line's discount and tax, within one minor unit.
      expect(Math.abs(present(part, 'part').discount - 1000 / 3)).toBeLessThan(1);
      expect(Math.abs(present(part, 'part').tax - 2057 / 3)).toBeLessThan(1);
      expect(one.total).toBe(present(part, 'part').total);
    });

    it('adds up to exactly the line when a line is refunded a few units at a time', async () => {
      for (const steps of [
        [1, 1, 1],
        [2, 1],
        [1, 2],
      ]) {
        const id = `S-${steps.join('')}`;
        const feed = order(id);
        const sneakers = lineOf(await placed(feed), `${id}-2`);
        const orderId = present(await platform.findOrderByNumber(shop, id), id).id;
        let refunded = 0;
        const parts: SuggestedRefund['lines'] = [];
        for (const [i, units] of steps.entries()) {
          const suggested = present(
            await platform.suggestRefund(shop, orderId, [{ lineId: sneakers.id, quantity: units }]),
            'suggestion',
          );
          parts.push(present(suggested.lines[0], 'the line'));
          refunded += units;
          await h.putOrders(shop, [
            {
              ...feed,
              refunds: [
                ...feed.refunds,
                ...steps.slice(0, i + 1).map((q, j) => ({
                  id: `r${String(j)}`,
                  created_at: PLACED + (j + 5) * DAY,
                  lines: [{ line_id: `${id}-2`, quantity: q }],
                })),
              ],
            },
          ]);
          expect(lineOf(present(await platform.getOrder(shop, orderId), id), `${id}-2`).refundedQuantity).toBe(
            refunded,
          );
        }
        const sum = (key: 'subtotal' | 'discount' | 'tax' | 'total') => parts.reduce((s, p) => s + p[key], 0);
        expect([sum('subtotal'), sum('discount'), sum('tax'), sum('total')], steps.join('+')).toEqual([
          26_700,
          1000,
          2057,
          26_700 - 1000 + 2057,
        ]);
      }
    });

    it('counts only what is still refundable, leaves out lines the order does not have, answers null for no order', async () => {
      const feed = order('1001');
      const found = await placed(feed);
      const shirt = lineOf(found, '1001-1');
      const sneakers = lineOf(found, '1001-2');
      await h.putOrders(shop, [
        {
          ...feed,
          refunds: [{ id: 'r1', created_at: PLACED + 5 * DAY, lines: [{ line_id: '1001-2', quantity: 2 }] }],
        },
      ]);
      const capped = present(
        await platform.suggestRefund(shop, found.id, [
          { lineId: sneakers.id, quantity: 5 },
          { lineId: shirt.id + sneakers.id + 1000, quantity: 1 },
        ]),
        'capped',
      );
      expect(capped.lines.map((l) => [l.lineId, l.quantity])).toEqual([[sneakers.id, 1]]);
      expect(capped.lines[0]?.subtotal).toBe(8900);
      expect(capped.total).toBe(present(capped.lines[0], 'line').total);

      await h.putOrders(shop, [
        {
          ...feed,
          refunds: [{ id: 'r1', created_at: PLACED + 5 * DAY, lines: [{ line_id: '1001-2', quantity: 3 }] }],
        },
      ]);
      const nothingLeft = present(
        await platform.suggestRefund(shop, found.id, [{ lineId: sneakers.id, quantity: 1 }]),
        'nothing left',
      );
      expect(nothingLeft.total).toBe(0);
      expect(nothingLeft.lines.every((l) => l.quantity === 0 && l.total === 0)).toBe(true);

      expect(await platform.suggestRefund(shop, found.id + 1000, [{ lineId: shirt.id, quantity: 1 }])).toBeNull();
      expect(await platform.suggestRefund(otherShop, found.id, [{ lineId: shirt.id, quantity: 1 }])).toBeNull();
    });

    it('issues a refund once per key: a retry answers the same reference and code, and takes no more units', async () => {
      const found = await placed(order('1001'));
      const shirt = lineOf(found, '1001-1');
      const refund = {
        shopId: shop,
        orderId: found.id,
        amount: 4763,
        currency: 'USD',
        kind: 'discount_code' as const,
        lines: [{ lineId: shirt.id, quantity: 1 }],
        restock: true,
        idempotencyKey: `contract-${String(shop)}-a`,
      };
      const first = await platform.issueRefund(refund);
      const again = await platform.issueRefund(refund);
      expect(again).toEqual(first);
      expect(lineOf(present(await platform.getOrder(shop, found.id), '1001'), '1001-1').refundedQuantity).toBe(1);
      const records = await platform.listRefunds(shop, found.id);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({
        reference: first.reference,
        kind: 'discount_code',
        amount: 4763,
        code: first.code,
      });
    });

    it('gives a code for a discount code or a gift card, none for money back, and lists refunds oldest first', async () => {
      const found = await placed(order('1001'));
      const issue = (kind: 'original' | 'discount_code' | 'gift_card', amount: number) =>
        platform.issueRefund({
          shopId: shop,
          orderId: found.id,
          amount,
          currency: 'USD',
          kind,
          lines: [],
          restock: false,
          idempotencyKey: `contract-${String(shop)}-${kind}`,
        });
      const original = await issue('original', 1000);
      const discount = await issue('discount_code', 2000);
      const gift = await issue('gift_card', 3000);
      expect(original.code).toBe('');
      expect(discount.code).not.toBe('');
      expect(gift.code).not.toBe('');
      expect(new Set([original.reference, discount.reference, gift.reference]).size).toBe(3);

      const records = await platform.listRefunds(shop, found.id);
      expect(records.map((r) => [r.reference, r.kind, r.amount, r.currency, r.code])).toEqual([
        [original.reference, 'original', 1000, 'USD', ''],
        [discount.reference, 'discount_code', 2000, 'USD', discount.code],
        [gift.reference, 'gift_card', 3000, 'USD', gift.code],
      ]);
      for (const record of records) {
        expect(Number.isInteger(record.createdAt)).toBe(true);
        expect(record.createdAt).toBeGreaterThan(1_000_000_000);
        expect(record.createdAt).toBeLessThan(10_000_000_000);
      }
    });

    it('takes a refund’s units back: the order shows them refunded and only what is left stays refundable', async () => {
      const found = await placed(order('1001'));
      const shirt = lineOf(found, '1001-1');
      const sneakers = lineOf(found, '1001-2');
      const refund = (kind: 'original' | 'gift_card', lines: { lineId: number; quantity: number }[]) =>
        platform.issueRefund({
          shopId: shop,
          orderId: found.id,
          amount: 1000,
          currency: 'USD',
          kind,
          lines,
          restock: true,
          idempotencyKey: `contract-${String(shop)}-${kind}`,
        });
      await refund('original', [
        { lineId: sneakers.id, quantity: 2 },
        { lineId: shirt.id + sneakers.id + 1000, quantity: 1 },
      ]);
      const after = present(await platform.getOrder(shop, found.id), '1001');
      expect([lineOf(after, '1001-1').refundedQuantity, lineOf(after, '1001-2').refundedQuantity]).toEqual([0, 2]);
      expect(after.refunded).toBe(false);
      const left = await platform.suggestRefund(shop, found.id, [{ lineId: sneakers.id, quantity: 3 }]);
      expect(left?.lines.map((l) => l.quantity)).toEqual([1]);

      // Store credit takes its units back too; more than is left counts what is left.
      await refund('gift_card', [
        { lineId: shirt.id, quantity: 1 },
        { lineId: sneakers.id, quantity: 5 },
      ]);
      const all = present(await platform.getOrder(shop, found.id), '1001');
      expect(all.lines.map((l) => l.refundedQuantity)).toEqual(all.lines.map((l) => l.quantity));
      expect(all.refunded).toBe(true);
    });

    it('puts units that came back in stock, once; units the shopper keeps stay out of it', async () => {
      const { productId, variantIds } = await h.putProduct(shop, product('linen-shirt', 0));
      const small = present(variantIds[0], 'variant S');
      const line = { id: '1001-1', product_id: productId, variant_id: small, title: 'Linen Shirt', price: 2500 };
      const found = await placed(order('1001', { lines: [{ ...line, variant_title: 'S', sku: 'X', quantity: 3 }] }));
      const stock = async () =>
        (await platform.getProduct(shop, productId))?.variants.find((v) => v.id === small)?.stock;
      expect(await stock()).toBe(3);
      const back = {
        shopId: shop,
        orderId: found.id,
        amount: 2500,
        currency: 'USD',
        kind: 'original' as const,
        lines: [{ lineId: lineOf(found, '1001-1').id, quantity: 1 }],
        restock: true,
        idempotencyKey: `contract-${String(shop)}-back`,
      };
      await platform.issueRefund(back);
      await platform.issueRefund(back);
      expect(await stock()).toBe(4);
      await platform.issueRefund({
        ...back,
        lines: [{ lineId: lineOf(found, '1001-1').id, quantity: 2 }],
        restock: false,
        idempotencyKey: `contract-${String(shop)}-kept`,
      });
      expect(await stock()).toBe(4);
      expect(lineOf(present(await platform.getOrder(shop, found.id), '1001'), '1001-1').refundedQuantity).toBe(3);
    });

    it('refuses to refund another shop’s order and never lists its refunds', async () => {
      const found = await placed(order('1001'));
      await platform.issueRefund({
        shopId: shop,
        orderId: found.id,
        amount: 100,
        currency: 'USD',
        kind: 'original',
        lines: [],
        restock: false,
        idempotencyKey: `contract-${String(shop)}-mine`,
      });
      await expect(
        platform.issueRefund({
          shopId: otherShop,
          orderId: found.id,
          amount: 100,
          currency: 'USD',
          kind: 'original',
          lines: [],
          restock: false,
          idempotencyKey: `contract-${String(otherShop)}-theirs`,
        }),
      ).rejects.toBeInstanceOf(UnknownOrder);
      expect(await platform.listRefunds(otherShop, found.id)).toEqual([]);
      expect(await platform.listRefunds(shop, found.id)).toHaveLength(1);
    });
  });

  describe('catalogue', () => {
    /** Six products in the shop, two collections; one product of another shop. */
    const catalogue = async () => {
      const ids: Record<string, number> = {};
      const put = async (handle: string, rank: number, fields: Partial<NewProduct> = {}) => {
        ids[handle] = (await h.putProduct(shop, product(handle, rank, fields))).productId;
      };
      await put('linen-shirt', 0, { tags: ['shirts'] });
      await put('oxford-shirt', 1, { tags: ['shirts', 'Final-Sale'] });
      await put('canvas-sneakers', 2, { tags: ['shoes'] });
      // Same rank: the order between them stays the same from page to page.
      await put('wool-beanie', 3, { tags: ['accessories'] });
      await put('silk-scarf', 3, { tags: ['accessories'] });
      await put('denim-jacket', 4, {
        tags: ['outerwear'],
        optionNames: ['Size', 'Colour'],
        variants: [
          { title: 'M / Blue', sku: 'JACKET-M-BLUE', price: 12_900, stock: 2, options: ['M', 'Blue'] },
          { title: 'L / Black', sku: 'JACKET-L-BLACK', price: 13_900, stock: 0, options: ['L', 'Black'] },
        ],
      });
      const id = (handle: string) => present(ids[handle], handle);
      const shirts = await h.putCollection(shop, {
        title: 'Shirts',
        handle: 'shirts',
        productIds: [id('linen-shirt'), id('oxford-shirt')],
      });
      const winter = await h.putCollection(shop, {
        title: 'Winter',
        handle: 'winter',
        productIds: [id('wool-beanie'), id('silk-scarf'), id('denim-jacket'), id('oxford-shirt')],
      });
      await h.putProduct(otherShop, product('linen-shirt', 0, { tags: ['shirts'] }));
      return { id, shirts, winter };
    };

    /** Every product the query finds, a page at a time, checking each page keeps to the limit. */
    const allPages = async (shopId: number, query: Omit<ProductQuery, 'limit' | 'cursor'>, limit: number) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 50; pages++) {
        const page = await platform.listProducts(shopId, { ...query, cursor, limit });
        expect(page.products.length).toBeLessThanOrEqual(limit);
        seen.push(...page.products.map((p) => p.id));
        cursor = page.nextCursor;
        if (cursor === null) return seen;
      }
      throw new Error('listProducts never reached its last page');
    };

    it('lists the shop’s collections', async () => {
      const { shirts, winter } = await catalogue();
      const collections = await platform.listCollections(shop);
      expect(collections).toHaveLength(2);
      expect(collections).toEqual(
        expect.arrayContaining([
          { id: shirts, title: 'Shirts', handle: 'shirts' },
          { id: winter, title: 'Winter', handle: 'winter' },
        ]),
      );
      expect(await platform.listCollections(otherShop)).toEqual([]);
    });

    it('pages through every product exactly once, in the same order each time, whatever the page size', async () => {
      const { id } = await catalogue();
      const everything = await allPages(shop, {}, 100);
      expect(everything).toHaveLength(6);
      expect(new Set(everything)).toEqual(
        new Set(
          ['linen-shirt', 'oxford-shirt', 'canvas-sneakers', 'wool-beanie', 'silk-scarf', 'denim-jacket'].map(id),
        ),
      );
      for (const limit of [1, 2, 4, 5])
        expect(await allPages(shop, {}, limit), `limit ${String(limit)}`).toEqual(everything);
      const first = await platform.listProducts(shop, { limit: 6 });
      expect(first.products).toHaveLength(6);
      expect(first.nextCursor).toBeNull();
    });

    it('searches title, SKU and tags in any case', async () => {
      const { id } = await catalogue();
      const search = async (term: string) => new Set(await allPages(shop, { search: term }, 2));
      expect(await search('SHIRT')).toEqual(new Set([id('linen-shirt'), id('oxford-shirt')]));
      expect(await search('oxford')).toEqual(new Set([id('oxford-shirt')]));
      expect(await search('jacket-l-black')).toEqual(new Set([id('denim-jacket')]));
      expect(await search('final-sale')).toEqual(new Set([id('oxford-shirt')]));
      expect(await search('Accessories')).toEqual(new Set([id('wool-beanie'), id('silk-scarf')]));
      expect(await search('no such thing')).toEqual(new Set());
      expect(await search('%')).toEqual(new Set());
      expect(await search('_')).toEqual(new Set());
    });

    it('searches for "%" and "_" as the characters they are', async () => {
      const { id } = await catalogue();
      const cotton = (await h.putProduct(shop, product('cotton-tee', 5, { title: '100% Cotton_Tee' }))).productId;
      const search = async (term: string) => allPages(shop, { search: term }, 10);
      expect(await search('0%')).toEqual([cotton]);
      expect(await search('%')).toEqual([cotton]);
      expect(await search('n_t')).toEqual([cotton]);
      expect(await search('n_s')).toEqual([]);
      expect(await search('sh%t')).toEqual([]);
      expect(await search('shirt')).toEqual([id('linen-shirt'), id('oxford-shirt')]);
    });

    it('filters by collection, alone or with a search, page by page', async () => {
      const { id, shirts, winter } = await catalogue();
      expect(new Set(await allPages(shop, { collectionId: shirts }, 1))).toEqual(
        new Set([id('linen-shirt'), id('oxford-shirt')]),
      );
      const inWinter = await allPages(shop, { collectionId: winter }, 3);
      expect(inWinter).toHaveLength(4);
      expect(new Set(inWinter)).toEqual(
        new Set([id('wool-beanie'), id('silk-scarf'), id('denim-jacket'), id('oxford-shirt')]),
      );
      expect(await allPages(shop, { collectionId: winter, search: 'shirt' }, 2)).toEqual([id('oxford-shirt')]);
      expect(await allPages(otherShop, { collectionId: winter }, 2)).toEqual([]);
    });

    /** Products priced (lowest variant) and added on different days, out of featured order. */
    const priced = async () => {
      const ids: Record<string, number> = {};
      const put = async (handle: string, rank: number, day: number, prices: number[], stock = 1) => {
        ids[handle] = (
          await h.putProduct(
            shop,
            product(handle, rank, {
              createdAt: PLACED + day * DAY,
              variants: prices.map((price, i) => ({
                title: String(i),
                sku: `${handle}-${String(i)}`,
                price,
                stock,
                options: [String(i)],
              })),
            }),
          )
        ).productId;
      };
      await put('tote', 0, 3, [1500]);
      await put('boots', 1, 1, [12_000, 9_000]);
      await put('scarf', 2, 5, [4_000], 0);
      await put('cap', 3, 2, [1500, 30_000]);
      await put('coat', 4, 4, [25_000]);
      return (handle: string) => present(ids[handle], handle);
    };

    it('sorts by newest, by price high-low and low-high (lowest variant price), the same at every page size', async () => {
      const id = await priced();
      const order = async (sort: ProductQuery['sort']) => {
        const whole = await allPages(shop, { sort }, 100);
        for (const limit of [1, 2, 3])
          expect(await allPages(shop, { sort }, limit), `${String(sort)}/${String(limit)}`).toEqual(whole);
        return whole;
      };
      expect(await order('featured')).toEqual(['tote', 'boots', 'scarf', 'cap', 'coat'].map(id));
      expect(await order('newest')).toEqual(['scarf', 'coat', 'tote', 'cap', 'boots'].map(id));
      const high = await order('price-desc');
      expect(high.slice(0, 3)).toEqual(['coat', 'boots', 'scarf'].map(id));
      expect(new Set(high.slice(3))).toEqual(new Set(['tote', 'cap'].map(id)));
      const low = await order('price-asc');
      expect(new Set(low.slice(0, 2))).toEqual(new Set(['tote', 'cap'].map(id)));
      expect(low.slice(2)).toEqual(['scarf', 'boots', 'coat'].map(id));
    });

    it('filters by a price range any variant falls in, and by stock', async () => {
      const id = await priced();
      const find = async (query: Omit<ProductQuery, 'limit'>) => new Set(await allPages(shop, query, 2));
      expect(await find({ price: { min: 10_000, max: 26_000 } })).toEqual(new Set(['boots', 'coat'].map(id)));
      expect(await find({ price: { min: 20_000 } })).toEqual(new Set(['cap', 'coat'].map(id)));
      expect(await find({ price: { max: 1500 } })).toEqual(new Set(['tote', 'cap'].map(id)));
      expect(await find({ inStock: true })).toEqual(new Set(['tote', 'boots', 'cap', 'coat'].map(id)));
      expect(await find({ inStock: true, price: { min: 3_000, max: 5_000 } })).toEqual(new Set());
      expect(await find({ price: { min: 3_000, max: 5_000 } })).toEqual(new Set([id('scarf')]));
    });

    it('refuses a cursor written for another sort', async () => {
      await priced();
      const page = await platform.listProducts(shop, { sort: 'newest', limit: 2 });
      await expect(
        platform.listProducts(shop, { sort: 'price-asc', cursor: page.nextCursor, limit: 2 }),
      ).rejects.toBeInstanceOf(RangeError);
    });

    it('answers a product with its option names, each variant’s options, price and stock', async () => {
      const { id } = await catalogue();
      const jacket = present(await platform.getProduct(shop, id('denim-jacket')), 'jacket');
      expect(jacket).toMatchObject({ title: 'Denim Jacket', handle: 'denim-jacket', tags: ['outerwear'] });
      expect(jacket.optionNames).toEqual(['Size', 'Colour']);
      expect(jacket.variants.map((v) => [v.productId, v.title, v.sku, v.price, v.stock, v.options])).toEqual([
        [jacket.id, 'M / Blue', 'JACKET-M-BLUE', 12_900, 2, ['M', 'Blue']],
        [jacket.id, 'L / Black', 'JACKET-L-BLACK', 13_900, 0, ['L', 'Black']],
      ]);
      const shirt = present(await platform.getProduct(shop, id('linen-shirt')), 'shirt');
      expect(shirt.optionNames).toEqual(['Size']);
      expect(shirt.variants.map((v) => [v.options, v.stock])).toEqual([
        [['S'], 3],
        [['M'], 0],
      ]);
      const listed = (await platform.listProducts(shop, { search: 'denim', limit: 10 })).products;
      expect(listed).toEqual([jacket]);
    });

    it('recommends products of the same collection at a similar price, in stock, never the product itself', async () => {
      const { id } = await catalogue();
      const recommended = async (handle: string) =>
        (await platform.recommendProducts(shop, id(handle), 10)).map((p) => p.id);
      expect(await recommended('linen-shirt')).toEqual([id('oxford-shirt')]);
      // The jacket shares the winter collection but costs five times as much.
      expect(new Set(await recommended('oxford-shirt'))).toEqual(
        new Set([id('linen-shirt'), id('wool-beanie'), id('silk-scarf')]),
      );
      const soldOut = (
        await h.putProduct(
          shop,
          product('flannel-shirt', 6, {
            variants: [{ title: 'S', sku: 'FLANNEL-S', price: 2600, stock: 0, options: ['S'] }],
          }),
        )
      ).productId;
      await h.putCollection(shop, { title: 'Shirts', handle: 'shirts', productIds: [soldOut] });
      expect(await recommended('linen-shirt')).toEqual([id('oxford-shirt')]);
      expect(await platform.recommendProducts(shop, id('oxford-shirt'), 1)).toHaveLength(1);
      expect(await platform.recommendProducts(otherShop, id('oxford-shirt'), 10)).toEqual([]);
    });

    it('never answers one shop’s products to another', async () => {
      const { id } = await catalogue();
      expect(await platform.getProduct(otherShop, id('denim-jacket'))).toBeNull();
      const theirs = await allPages(otherShop, {}, 10);
      expect(theirs).toHaveLength(1);
      expect(theirs).not.toContain(id('linen-shirt'));
      expect(await platform.getProduct(shop, present(theirs[0], 'their product'))).toBeNull();
    });
  });

  describe('draft orders', () => {
    /** An order of the shop and a product with a variant in stock (2500, 10 units) and one sold out. */
    const exchange = async () => {
      const from = await placed(order('1001'));
      const { productId, variantIds } = await h.putProduct(
        shop,
        product('linen-shirt', 0, {
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
    };

    it('totals the new items less the credit, open with somewhere to pay while something is due', async () => {
      const { input, productId, inStock } = await exchange();
      const draft = await platform.createDraftOrder(shop, input('a'));
      expect(draft).toMatchObject({ total: 2 * 2500 - 1000, currency: 'USD', status: 'open', orderId: null });
      expect(draft).toMatchObject({ subtotal: 5000, credit: 1000 });
      expect(draft.lines).toEqual([
        { variantId: inStock, productId, title: 'Linen Shirt', variantTitle: 'S', price: 2500, quantity: 2 },
      ]);
      expect(typeof draft.id).toBe('string');
      expect(draft.checkoutUrl).not.toBe('');
      expect(await platform.getDraftOrder(shop, draft.id)).toEqual(draft);
    });

    it('is paid at once when the credit covers it, with nothing to pay', async () => {
      const { input } = await exchange();
      for (const credit of [5000, 7000]) {
        const draft = await platform.createDraftOrder(shop, input(`covered-${String(credit)}`, { credit }));
        expect(draft).toMatchObject({ total: 0, status: 'paid', checkoutUrl: '' });
        expect((await platform.getDraftOrder(shop, draft.id))?.status).toBe('paid');
      }
    });

    it('makes one draft per key: a retry answers the first draft', async () => {
      const { input } = await exchange();
      const first = await platform.createDraftOrder(shop, input('once'));
      expect(await platform.createDraftOrder(shop, input('once'))).toEqual(first);
      const [a, b] = await Promise.all([
        platform.createDraftOrder(shop, input('raced')),
        platform.createDraftOrder(shop, input('raced')),
      ]);
      expect(a).toEqual(b);
      expect((await platform.createDraftOrder(shop, input('other'))).id).not.toBe(first.id);
    });

    it('refuses a variant sold out, short of stock or not the shop’s', async () => {
      const { inStock, soldOut, input } = await exchange();
      const theirs = (await h.putProduct(otherShop, product('linen-shirt', 0))).variantIds[0];
      for (const [key, lines] of [
        ['sold-out', [{ variantId: soldOut, quantity: 1 }]],
        ['short', [{ variantId: inStock, quantity: 11 }]],
        [
          'short-twice',
          [
            { variantId: inStock, quantity: 6 },
            { variantId: inStock, quantity: 6 },
          ],
        ],
        ['theirs', [{ variantId: present(theirs, 'their variant'), quantity: 1 }]],
        ['unknown', [{ variantId: inStock + soldOut + 1000, quantity: 1 }]],
      ] as const)
        await expect(platform.createDraftOrder(shop, input(key, { lines: [...lines] })), key).rejects.toBeInstanceOf(
          VariantUnavailable,
        );
    });

    const stockOf = async (productId: number, variantId: number) =>
      present(await platform.getProduct(shop, productId), 'product').variants.find((v) => v.id === variantId)?.stock;

    /** Two units at 2500 with the credit covering them: nothing is due, so the draft holds its units. */
    const covered = { credit: 5000 };

    it('reserves the units of a draft with nothing due: stock falls, and of two drafts racing for the last units one gets them', async () => {
      const { productId, inStock, input } = await exchange();
      await platform.createDraftOrder(shop, input('two', covered));
      expect(await stockOf(productId, inStock)).toBe(8);
      // A retry reserves nothing more.
      await platform.createDraftOrder(shop, input('two', covered));
      expect(await stockOf(productId, inStock)).toBe(8);
      const half = (key: string) => input(key, { lines: [{ variantId: inStock, quantity: 5 }], credit: 12_500 });
      const raced = await Promise.allSettled([
        platform.createDraftOrder(shop, half('first')),
        platform.createDraftOrder(shop, half('second')),
      ]);
      expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = raced.find((r) => r.status === 'rejected');
      expect(lost?.reason).toBeInstanceOf(VariantUnavailable);
      expect(await stockOf(productId, inStock)).toBe(3);
    });

    it('holds no units while something is due, and takes them once the shopper paid', async () => {
      const { productId, inStock, input } = await exchange();
      const open = await platform.createDraftOrder(shop, input('due'));
      expect(open.status).toBe('open');
      expect(await stockOf(productId, inStock)).toBe(10);
      // Another shopper may take every unit meanwhile: the open draft keeps none of them from anyone.
      const all = await platform.createDraftOrder(
        shop,
        input('all', { lines: [{ variantId: inStock, quantity: 10 }], credit: 25_000 }),
      );
      expect(await stockOf(productId, inStock)).toBe(0);
      await platform.cancelDraftOrder(shop, all.id);
      await h.payDraft(shop, open);
      expect((await platform.getDraftOrder(shop, open.id))?.status).toBe('paid');
      expect(await stockOf(productId, inStock)).toBe(8);
    });

    it('gives the units back when cancelled, once, and the key with them', async () => {
      const { productId, inStock, input } = await exchange();
      const draft = await platform.createDraftOrder(shop, input('cancel', covered));
      expect(await stockOf(productId, inStock)).toBe(8);
      expect(await platform.cancelDraftOrder(otherShop, draft.id)).toBeNull();
      expect(await stockOf(productId, inStock)).toBe(8);
      expect(await platform.cancelDraftOrder(shop, draft.id)).toMatchObject({ id: draft.id, status: 'cancelled' });
      expect(await platform.cancelDraftOrder(shop, draft.id)).toMatchObject({ status: 'cancelled' });
      expect(await stockOf(productId, inStock)).toBe(10);
      expect(await platform.cancelDraftOrder(shop, 'no-such-draft')).toBeNull();
      // Asked for again with its key, a cancelled draft is not answered: a new one is made (and can be paid).
      const again = await platform.createDraftOrder(shop, input('cancel'));
      expect(again).toMatchObject({ status: 'open' });
      expect(again.id).not.toBe(draft.id);
    });

    it('refunds what was paid for a draft cancelled after payment, once; a completed draft stays', async () => {
      const { productId, inStock, input } = await exchange();
      const draft = await platform.createDraftOrder(shop, input('paid-then-cancelled'));
      await h.payDraft(shop, draft);
      expect(await platform.cancelDraftOrder(shop, draft.id)).toMatchObject({ status: 'cancelled', refunded: 4000 });
      expect(await platform.cancelDraftOrder(shop, draft.id)).toMatchObject({ status: 'cancelled', refunded: 4000 });
      expect(await stockOf(productId, inStock)).toBe(10);
      // An unpaid draft refunds nothing.
      const open = await platform.createDraftOrder(shop, input('open-then-cancelled'));
      expect(await platform.cancelDraftOrder(shop, open.id)).toMatchObject({ status: 'cancelled', refunded: 0 });

      const completed = await platform.createDraftOrder(shop, input('completed', { credit: 6000 }));
      await platform.completeDraftOrder(shop, completed.id);
      expect(await platform.cancelDraftOrder(shop, completed.id)).toMatchObject({ status: 'paid', refunded: 0 });
      expect(await stockOf(productId, inStock)).toBe(8);
    });

    it('expires drafts no request holds, open or paid with nothing paid, units back and keys free; held, paid-for and newer drafts stay', async () => {
      const { productId, inStock, input } = await exchange();
      const one = { lines: [{ variantId: inStock, quantity: 1 }] };
      const swap = { ...one, credit: 2500 };
      const abandoned = await platform.createDraftOrder(shop, input('abandoned', one));
      const evenSwap = await platform.createDraftOrder(shop, input('even-swap', swap));
      const held = await platform.createDraftOrder(shop, input('held', swap));
      expect(await platform.holdDraftOrder(shop, held.id)).toMatchObject({ id: held.id, status: 'paid' });
      const paid = await platform.createDraftOrder(shop, input('paid-early', one));
      await h.payDraft(shop, paid);
      h.advance(1800);
      const cutoff = h.now();
      h.advance(60);
      const recent = await platform.createDraftOrder(shop, input('recent', swap));
      expect(await stockOf(productId, inStock)).toBe(6);

      expect(await platform.expireOpenDraftOrders(cutoff)).toBeGreaterThanOrEqual(2);
      expect((await platform.getDraftOrder(shop, abandoned.id))?.status).toBe('cancelled');
      expect((await platform.getDraftOrder(shop, evenSwap.id))?.status).toBe('cancelled');
      expect((await platform.getDraftOrder(shop, held.id))?.status).toBe('paid');
      expect((await platform.getDraftOrder(shop, paid.id))?.status).toBe('paid');
      expect((await platform.getDraftOrder(shop, recent.id))?.status).toBe('paid');
      expect(await stockOf(productId, inStock)).toBe(7);
      // Again: nothing more to do for this shop.
      await platform.expireOpenDraftOrders(cutoff);
      expect(await stockOf(productId, inStock)).toBe(7);
      // The shopper back at the pay step with the same choice gets a new draft, not the expired one.
      const again = await platform.createDraftOrder(shop, input('abandoned', one));
      expect(again).toMatchObject({ status: 'open' });
      expect(again.id).not.toBe(abandoned.id);
    });

    it('keeps the units of a draft no request holds only until its holdUntil, sweep or not; a held draft keeps them', async () => {
      const { productId, inStock, input } = await exchange();
      const until = h.now() + 600;
      const all = { lines: [{ variantId: inStock, quantity: 10 }], credit: 25_000, holdUntil: until };
      const hoarded = await platform.createDraftOrder(shop, input('hoard', all));
      expect(await stockOf(productId, inStock)).toBe(0);
      h.advance(599);
      await expect(
        platform.createDraftOrder(shop, input('someone-else', { lines: [{ variantId: inStock, quantity: 1 }] })),
      ).rejects.toBeInstanceOf(VariantUnavailable);
      h.advance(2);
      // No sweep has run: another shopper gets a unit all the same.
      const other = await platform.createDraftOrder(
        shop,
        input('someone-else-later', { lines: [{ variantId: inStock, quantity: 1 }], credit: 2500 }),
      );
      expect(other.status).toBe('paid');
      expect(await stockOf(productId, inStock)).toBe(9);
      // The hoarder asking again with the same key gets a new draft, held from now, only if there are units for it.
      await expect(platform.createDraftOrder(shop, input('hoard', all))).rejects.toBeInstanceOf(VariantUnavailable);

      const held = await platform.holdDraftOrder(shop, other.id);
      expect(held?.status).toBe('paid');
      h.advance(3 * 86_400);
      await platform.expireOpenDraftOrders(h.now());
      expect((await platform.getDraftOrder(shop, other.id))?.status).toBe('paid');
      expect(await stockOf(productId, inStock)).toBe(9);
      expect((await platform.getDraftOrder(shop, hoarded.id))?.status).not.toBe('paid');
    });

    it('holds only a paid draft, and only the shop’s', async () => {
      const { input } = await exchange();
      const open = await platform.createDraftOrder(shop, input('open'));
      expect(await platform.holdDraftOrder(shop, open.id)).toMatchObject({ id: open.id, status: 'open' });
      const paid = await platform.createDraftOrder(shop, input('paid', covered));
      expect(await platform.holdDraftOrder(otherShop, paid.id)).toBeNull();
      expect(await platform.holdDraftOrder(shop, 'no-such-draft')).toBeNull();
      await platform.cancelDraftOrder(shop, paid.id);
      expect(await platform.holdDraftOrder(shop, paid.id)).toMatchObject({ status: 'cancelled' });
    });

    it('keeps one draft per group that no request holds: the next one replaces it, paid or not; a held draft stays', async () => {
      const { productId, inStock, soldOut, input } = await exchange();
      const form = (key: string, fields: Partial<DraftOrderInput> = {}) =>
        input(key, { group: `${String(shop)}-order`, ...fields });
      const elsewhere = await platform.createDraftOrder(shop, input('other-order', { ...covered }));
      const first = await platform.createDraftOrder(shop, form('choice-a', covered));
      expect(await stockOf(productId, inStock)).toBe(6);
      // Eight units: only there once the first choice gave its two back.
      const second = await platform.createDraftOrder(
        shop,
        form('choice-b', { lines: [{ variantId: inStock, quantity: 8 }], credit: 20_000 }),
      );
      expect(second.status).toBe('paid');
      expect(await platform.getDraftOrder(shop, first.id)).toMatchObject({ status: 'cancelled', refunded: 0 });
      expect(await stockOf(productId, inStock)).toBe(0);

      // Back to the first choice, under a new key: a new draft, and the second gives way.
      const third = await platform.createDraftOrder(shop, form('choice-c'));
      expect(third.status).toBe('open');
      expect((await platform.getDraftOrder(shop, second.id))?.status).toBe('cancelled');
      expect(await stockOf(productId, inStock)).toBe(8);

      // Paid for, it gives way too, its money refunded: one return's credit never holds two choices.
      await h.payDraft(shop, third);
      expect(await stockOf(productId, inStock)).toBe(6);
      const fourth = await platform.createDraftOrder(shop, form('choice-d', covered));
      expect(await platform.getDraftOrder(shop, third.id)).toMatchObject({ status: 'cancelled', refunded: 4000 });
      expect(await stockOf(productId, inStock)).toBe(6);

      // A choice that cannot be had replaces nothing.
      await expect(
        platform.createDraftOrder(shop, form('sold-out', { lines: [{ variantId: soldOut, quantity: 1 }] })),
      ).rejects.toBeInstanceOf(VariantUnavailable);
      expect((await platform.getDraftOrder(shop, fourth.id))?.status).toBe('paid');

      // Held by a request, it stays whatever the group asks next.
      await platform.holdDraftOrder(shop, fourth.id);
      const fifth = await platform.createDraftOrder(shop, form('choice-e', covered));
      expect((await platform.getDraftOrder(shop, fourth.id))?.status).toBe('paid');
      expect(fifth.status).toBe('paid');
      expect(await stockOf(productId, inStock)).toBe(4);
      expect((await platform.getDraftOrder(shop, elsewhere.id))?.status).toBe('paid');
    });

    it('turns a paid draft into an order of the shop, once, and leaves an unpaid one as it is', async () => {
      const { input, inStock } = await exchange();
      const paid = await platform.createDraftOrder(shop, input('complete', { credit: 6000 }));
      const completed = present(await platform.completeDraftOrder(shop, paid.id), 'completed draft');
      const orderId = present(completed.orderId, 'the exchange order');
      expect(completed.orderName).not.toBe('');
      expect(await platform.completeDraftOrder(shop, paid.id)).toEqual(completed);
      const made = present(await platform.getOrder(shop, orderId), 'exchange order');
      expect(made).toMatchObject({ name: completed.orderName, email: 'alice@example.com', currency: 'USD' });
      expect(made.lines.map((l) => [l.variantId, l.quantity, l.price])).toEqual([[inStock, 2, 2500]]);
      // What the return was worth is taken off: the order comes to what the shopper paid, nothing here.
      expect(made.total).toBe(0);
      expect(await platform.getOrder(otherShop, orderId)).toBeNull();

      const open = await platform.createDraftOrder(shop, input('not-paid'));
      expect(await platform.completeDraftOrder(shop, open.id)).toMatchObject({ status: 'open', orderId: null });
      expect(await platform.completeDraftOrder(otherShop, paid.id)).toBeNull();
    });

    it('shows the draft paid once the shopper paid it', async () => {
      const { input } = await exchange();
      const draft = await platform.createDraftOrder(shop, input('pay'));
      await h.payDraft(shop, draft);
      const paid = present(await platform.getDraftOrder(shop, draft.id), 'paid draft');
      expect(paid).toMatchObject({ id: draft.id, status: 'paid', total: draft.total });
    });

    it('never answers one shop’s draft to another, nor makes one from another shop’s order', async () => {
      const { from, input } = await exchange();
      const draft = await platform.createDraftOrder(shop, input('mine'));
      expect(await platform.getDraftOrder(otherShop, draft.id)).toBeNull();
      expect(await platform.getDraftOrder(shop, 'no-such-draft')).toBeNull();
      const theirs = (await h.putProduct(otherShop, product('linen-shirt', 0))).variantIds[0];
      await expect(
        platform.createDraftOrder(otherShop, {
          ...input('theirs'),
          orderId: from.id,
          lines: [{ variantId: present(theirs, 'their variant'), quantity: 1 }],
        }),
      ).rejects.toBeInstanceOf(UnknownOrder);
    });
  });

  describe('units sold', () => {
    it('counts units per product in the orders placed in a range, ends included, none outside it, none of another shop', async () => {
      const shirt = await h.putProduct(shop, product('linen-shirt', 0));
      const beanie = await h.putProduct(shop, product('wool-beanie', 1));
      const line = (id: string, of: typeof shirt, title: string, quantity: number) => ({
        id,
        product_id: of.productId,
        variant_id: present(of.variantIds[0], title),
        title,
        price: 2500,
        quantity,
      });
      const shirts = (id: string, quantity: number) => line(id, shirt, 'Linen Shirt', quantity);
      const beanies = (id: string, quantity: number) => line(id, beanie, 'Wool Beanie', quantity);
      await h.putOrders(shop, [
        order('1000', { created_at: PLACED - 1, lines: [beanies('1000-1', 4)] }),
        order('1001', { created_at: PLACED, lines: [shirts('1001-1', 2), beanies('1001-2', 1)] }),
        // Many lines and many orders: more than a page of each.
        order('1002', {
          created_at: PLACED + DAY,
          lines: Array.from({ length: 25 }, (_, i) => shirts(`1002-${String(i)}`, 1)),
        }),
        ...Array.from({ length: 51 }, (_, i) =>
          order(`20${String(i).padStart(2, '0')}`, {
            created_at: PLACED + 60 * i,
            lines: [beanies(`b-${String(i)}`, 1)],
          }),
        ),
        order('1003', { created_at: PLACED + DAY + 1, lines: [shirts('1003-1', 5)] }),
      ]);
      const sold = await platform.unitsSold(shop, PLACED, PLACED + DAY);
      expect(sold.sort((a, b) => a.units - b.units)).toEqual([
        { productId: shirt.productId, title: 'Linen Shirt', units: 27 },
        { productId: beanie.productId, title: 'Wool Beanie', units: 52 },
      ]);
      expect(await platform.unitsSold(shop, PLACED + 2 * DAY, PLACED + 3 * DAY)).toEqual([]);
      expect(await platform.unitsSold(otherShop, PLACED - DAY, PLACED + 3 * DAY)).toEqual([]);
    });
  });

  describe('returns', () => {
    const returnOf = (found: PlatformOrder, requestId: number, decision: ReturnDecision) => ({
      orderId: found.id,
      requestId,
      lines: [{ lineId: lineOf(found, '1001-1').id, quantity: 1, reason: "Doesn't suit me" }],
      decision,
    });

    it('keeps one return per request through its decisions, where the platform keeps returns', async () => {
      const found = await placed(order('1001'));
      const first = await platform.registerReturn(shop, returnOf(found, 7, 'requested'));
      expect(first === null ? 'none' : 'a reference').toBe(platform.keepsReturns ? 'a reference' : 'none');
      // A retry, then the merchant's approval, answer the same return.
      expect(await platform.registerReturn(shop, returnOf(found, 7, 'requested'))).toBe(first);
      expect(await platform.registerReturn(shop, returnOf(found, 7, 'approved'))).toBe(first);
      expect(await platform.registerReturn(shop, returnOf(found, 7, 'approved'))).toBe(first);
    });

    it('opens a return approved before it was registered, and registers none for a rejected one', async () => {
      const found = await placed(order('1001'));
      const approved = await platform.registerReturn(shop, returnOf(found, 8, 'approved'));
      expect(approved === null ? 'none' : 'a reference').toBe(platform.keepsReturns ? 'a reference' : 'none');
      expect(await platform.registerReturn(shop, returnOf(found, 9, 'rejected'))).toBeNull();
    });
  });
});
