import { present } from '@return-center/domain';
import { describe, expect, it } from 'vitest';
import type { ProductQuery, StorePlatform } from '../port.js';
import type { NewProduct } from '../local.js';
import { DAY, PLACED, product } from './fixtures.js';
import { adapters, forEachTest, type Harness } from './harness.js';

/** The store-platform contract (harness.ts): collections, pages of products, search, sorts, filters and recommendations. */
describe.each(adapters)('store platform: %s', (_name, open) => {
  let h: Harness;
  let platform: StorePlatform;
  let shop: number;
  let otherShop: number;
  forEachTest(open, (scope) => ({ h, platform, shop, otherShop } = scope));

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
});
