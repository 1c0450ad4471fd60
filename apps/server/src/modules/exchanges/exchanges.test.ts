import { calls, Code, messages } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
      expect(body, JSON.stringify(options)).toEqual({ code: Code.InvalidInput, msg: messages.noStock, data: null });
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
