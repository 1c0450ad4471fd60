import { present } from '@return-center/domain';
import { describe, expect, it } from 'vitest';
import type { StorePlatform } from '../port.js';
import { DAY, PLACED, order, product } from './fixtures.js';
import { adapters, forEachTest, type Harness, type Scope } from './harness.js';

/** The store-platform contract (harness.ts): finding orders and counting units sold. */
describe.each(adapters)('store platform: %s', (_name, open) => {
  let h: Harness;
  let platform: StorePlatform;
  let shop: number;
  let otherShop: number;
  let lineOf: Scope['lineOf'];
  let placed: Scope['placed'];
  forEachTest(open, (scope) => ({ h, platform, shop, otherShop, lineOf, placed } = scope));

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

    it('answers what return rules look at: the order’s tags and codes, each line’s type, vendor and collections', async () => {
      const [shirt, sneakers] = order('1001').lines;
      const facts = {
        tags: ['vip', 'wholesale'],
        discount_codes: ['WELCOME10'],
        lines: [
          { ...shirt, product_type: 'Shirts', vendor: 'Fernhill Supply Co.', collections: ['Sale', 'Summer'] },
          sneakers,
        ],
      };
      const found = await placed(order('1001', facts));
      expect([found.tags, found.discountCodes]).toEqual([['vip', 'wholesale'], ['WELCOME10']]);
      const line = lineOf(found, '1001-1');
      expect(line).toMatchObject({ productType: 'Shirts', vendor: 'Fernhill Supply Co.', tags: ['shirts'] });
      expect([...line.collections].sort()).toEqual(['Sale', 'Summer']);
      expect(lineOf(found, '1001-2')).toMatchObject({ productType: '', vendor: '', collections: [] });
      expect(await platform.getOrder(shop, found.id)).toEqual(found);

      // The store changes them: the order answers what it says now.
      const changed = order('1001', {
        tags: ['vip'],
        lines: [{ ...shirt, product_type: 'Tops', vendor: 'Alder & Wool', collections: ['Summer'] }, sneakers],
      });
      const again = await placed(changed);
      expect([again.tags, again.discountCodes]).toEqual([['vip'], []]);
      expect(lineOf(again, '1001-1')).toMatchObject({
        productType: 'Tops',
        vendor: 'Alder & Wool',
        collections: ['Summer'],
      });
      // An order without them has none.
      expect(await placed(order('1002'))).toMatchObject({ tags: [], discountCodes: [] });
    });

    it('answers every line of an order of many, each with its facts, by number, id and email', async () => {
      const lines = Array.from({ length: 45 }, (_, i) => ({
        id: `many-${String(i)}`,
        title: `Item ${String(i)}`,
        price: 100 + i,
        quantity: 1,
        product_type: `Type ${String(i)}`,
        collections: [`Collection ${String(i)}`],
      }));
      const found = await placed(order('1001', { lines }));
      const seen = (o: { lines: { price: number; productType: string; collections: string[] }[] }) =>
        o.lines.map((l) => [l.price, l.productType, l.collections]);
      const fed = lines.map((l) => [l.price, l.product_type, l.collections]);
      expect(seen(found)).toEqual(fed);
      expect(seen(present(await platform.getOrder(shop, found.id), 'by id'))).toEqual(fed);
      const [listed] = await platform.listOrdersByEmail(shop, 'alice@example.com');
      expect(seen(present(listed, 'by email'))).toEqual(fed);
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
});
