import { calls, Code, messages } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addShop, buildTestApp, dialects, shop, type TestApp } from '../../../test/helper.js';

describe.each(dialects)('exchange for another variant on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let shirt: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' })).body.data
      .token;
    const orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], 'order #1001').id;
    const info = (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data;
    shirt = present(
      info.yes.find((line) => line.title === 'Linen Shirt'),
      'the Linen Shirt of #1001',
    ).product_id;
  });
  afterAll(() => t.close());

  const lookup = (options: Record<string, unknown>, who = token) =>
    t.call(calls.getVariantIdByOption, { product_id: shirt, quantity: 1, ...options }, who);

  it('finds the variant of the same product by its options, with its price and stock', async () => {
    const { body } = await lookup({ option1: 'XL' });
    expect(body).toMatchObject({
      code: Code.Success,
      data: { product_id: shirt, option1: 'XL', option2: null, price: 4900, inventory_quantity: 3 },
    });
    expect(body.data.image).not.toBe('');
  });

  it('says "No stock" for a sold-out size, for more units than are left, and for a size the product lacks', async () => {
    for (const options of [{ option1: 'L' }, { option1: 'XL', quantity: 4 }, { option1: 'XXL' }]) {
      const { body } = await lookup(options);
      expect(body, JSON.stringify(options)).toEqual({ code: Code.NoStock, msg: messages.noStock, data: null });
    }
  });

  it('says the original product has been deleted when the shop no longer sells it', async () => {
    const { body } = await t.call(
      calls.getVariantIdByOption,
      { product_id: 987_654, quantity: 1, option1: 'M' },
      token,
    );
    expect(body).toEqual({ code: Code.NotFound, msg: messages.productDeleted, data: null });
  });

  it('never shows another shop’s catalogue', async () => {
    const other = await addShop(t);
    const stranger = await t.call(calls.getVariantIdByOption, { product_id: shirt, quantity: 1, option1: 'M' });
    expect(stranger.body.code).toBe(Code.SessionExpired);
    // The other shop has no products: the demo shop's product id means nothing there.
    const otherProducts = await t.app.ctx.services.exchanges
      .variantByOptions(other.shop.id, { product_id: shirt, quantity: 1, option1: 'M', option2: null, option3: null })
      .catch((error: unknown) => error);
    expect(otherProducts).toMatchObject({ code: Code.NotFound, message: messages.productDeleted });
  });
});

describe.each(dialects)('the exchange catalogue on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' })).body.data
      .token;
  });
  afterAll(() => t.close());

  type Query = Partial<z.input<typeof calls.getVariantList.payload>>;
  const page = async (query: Query) => {
    const { body } = await t.call(calls.getVariantList, query, token);
    expect(body.code, JSON.stringify(body)).toBe(Code.Success);
    return body.data;
  };
  /** Every product the query finds, following next_cursor. */
  const everything = async (query: Query) => {
    const found = [];
    let cursor: string | null = null;
    do {
      const data = await page({ ...query, cursor });
      found.push(...data.list);
      cursor = data.next_cursor;
    } while (cursor !== null);
    return found;
  };
  const lowest = (product: { variants: { price: number }[] }) => Math.min(...product.variants.map((v) => v.price));

  it('pages through the demo shop’s 24 products, each once, with their variants and the shop’s collections', async () => {
    const first = await page({ limit: 10 });
    expect(first.list).toHaveLength(10);
    expect(first.collections.map((c) => c.title)).toEqual(expect.arrayContaining(['Shirts', 'Shoes']));
    const all = await everything({ limit: 10 });
    expect(new Set(all.map((p) => p.id)).size).toBe(24);
    const sneakers = present(
      all.find((p) => p.title === 'Canvas Sneakers'),
      'Canvas Sneakers',
    );
    expect(sneakers.option_names).toEqual(['Size']);
    expect(sneakers.variants.map((v) => [v.option1, v.inventory_quantity])).toEqual([
      ['40', 2],
      ['41', 4],
      ['42', 6],
      ['43', 8],
      ['44', 0],
    ]);
  });

  it('sorts by price both ways and by newest, across pages', async () => {
    const low = (await everything({ sort: 'price-asc', limit: 7 })).map(lowest);
    expect(low).toEqual([...low].sort((a, b) => a - b));
    const high = (await everything({ sort: 'price-desc', limit: 7 })).map(lowest);
    expect(high).toEqual([...low].reverse());
    const newest = (await everything({ sort: 'newest', limit: 7 })).map((p) => p.created_at);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
  });

  it('searches, and filters by collection, price and stock together', async () => {
    expect((await everything({ search: 'oxford' })).map((p) => p.title)).toEqual(['Oxford Shirt']);
    const { collections } = await page({});
    const shoes = present(
      collections.find((c) => c.title === 'Shoes'),
      'the Shoes collection',
    );
    const cheapShoes = await everything({ collection_id: shoes.id, price_max: 9000, in_stock: true });
    expect(cheapShoes.map((p) => p.title)).toContain('Canvas Sneakers');
    for (const product of cheapShoes) expect(lowest(product)).toBeLessThanOrEqual(9000);
    const scarf = await everything({ search: 'silk scarf' });
    expect(scarf).toHaveLength(1);
    expect(await everything({ search: 'silk scarf', in_stock: true })).toEqual([]);
  });

  it('answers one product by its id, for an exchange of the same item, and none for a product it does not sell', async () => {
    const sneakers = present((await everything({ search: 'canvas sneakers' }))[0], 'Canvas Sneakers');
    const { list, next_cursor } = await page({ product_id: sneakers.id, search: 'ignored' });
    expect(list).toEqual([sneakers]);
    expect(next_cursor).toBeNull();
    expect((await page({ product_id: 987_654 })).list).toEqual([]);
  });

  it('recommends similar items in stock for a product, on one page, without the product itself', async () => {
    const sneakers = present((await everything({ search: 'canvas sneakers' }))[0], 'Canvas Sneakers');
    const { list, next_cursor } = await page({ similar_to: sneakers.id });
    expect(next_cursor).toBeNull();
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(8);
    expect(list.map((p) => p.id)).not.toContain(sneakers.id);
    for (const product of list) {
      expect(product.variants.some((v) => v.inventory_quantity > 0)).toBe(true);
      expect(Math.abs(lowest(product) - 8900)).toBeLessThanOrEqual(8900 / 2);
    }
  });

  it('refuses a cursor it did not write, and a stranger', async () => {
    const { body } = await t.call(calls.getVariantList, { cursor: 'not-a-cursor' }, token);
    expect(body).toMatchObject({ code: Code.InvalidInput, data: null });
    const stranger = await t.call(calls.getVariantList, {});
    expect(stranger.body.code).toBe(Code.SessionExpired);
  });
});
