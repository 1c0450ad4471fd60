import { calls, Code, messages, SolutionId } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorePlatform } from '../../adapters/store-platform/local.js';
import {
  buildTestApp,
  dialects,
  patchSettings,
  shop,
  submitReturn,
  trySubmitReturn,
  type TestApp,
} from '../../../test/helper.js';

/** Submitting an exchange (solution 5, #13): the new items are reserved at the platform and shown on the status page. */
describe.each(dialects)('exchange submit on %s', (dialect) => {
  let t: TestApp;
  let shopId: number;
  const platform = () => new LocalStorePlatform(t.db, t.clock);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    shopId = present(await t.app.ctx.services.storefront.shops.byUrl(shop), 'demo shop').id;
    await patchSettings(t, (settings) => {
      settings.solutions = [SolutionId.RefundOriginal, SolutionId.Exchange];
    });
  });
  afterAll(() => t.close());

  const sneakers = async () =>
    present(
      (await platform().listProducts(shopId, { search: 'canvas sneakers', limit: 1 })).products[0],
      'Canvas Sneakers',
    );
  const size = async (option: string) =>
    present(
      (await sneakers()).variants.find((v) => v.options[0] === option),
      `size ${option}`,
    );
  const setStock = (variantId: number, stock: number) =>
    t.db.updateTable('variants').set({ inventory_quantity: stock }).where('id', '=', variantId).execute();
  /** Another shopper's order of one pair of size 42 sneakers, fed as the store would. */
  const bobsOrder = async () => {
    const alices = present(
      await t.db
        .selectFrom('orders')
        .select('id')
        .where('order_name', '=', '#1001')
        .where('shop_id', '=', shopId)
        .executeTakeFirst(),
      '#1001',
    );
    const fed = present(await platform().feedOrderOf(shopId, alices.id), '#1001 as fed');
    const [saved] = await platform().upsertOrders(shopId, [
      {
        ...fed,
        id: '9001',
        name: '#9001',
        number: '9001',
        email: 'bob@example.com',
        phone: '',
        lines: fed.lines.map((line) => ({ ...line, id: `9001-${line.id}` })),
      },
    ]);
    expect(saved).toMatchObject({ created: true });
  };

  let size43: number;
  beforeEach(async () => {
    size43 = (await size('43')).id;
    await setStock(size43, 3);
  });

  it('exchanges the sneakers from size 42 to 43: one unit reserved, the status page shows the new pair', async () => {
    const { token, requestId } = await submitReturn(t, {
      title: 'Canvas Sneakers',
      exchange: [{ variant_id: size43, quantity: 1 }],
    });
    expect((await size('43')).stock).toBe(2);
    const { body } = await t.call(calls.returnInfo, { request_id: requestId }, token);
    expect(body.code).toBe(Code.Success);
    const exchange = present(body.data.exchange_order, 'exchange order');
    expect(exchange.line_items).toEqual([
      { variant_id: size43, title: 'Canvas Sneakers / 43', quantity: 1, price: 8900 },
    ]);
    // Another size of the same shoe is an even swap, though the pair was bought with 10% off.
    expect(body.data.total).toBeLessThan(8900);
    expect(exchange).toMatchObject({ total_price: 0, exchange_credit: 8900, remain_credit: 0 });

    // Rejected: the pair goes back on the shelf.
    const demo = present(await t.app.ctx.services.storefront.shops.byUrl(shop), 'demo shop');
    await t.app.ctx.services.lifecycle.transition(demo, requestId, 'reject', 'merchant', { reason: 'Worn' });
    await t.app.ctx.worker.runDue();
    expect((await size('43')).stock).toBe(3);
  });

  it('refuses an exchange that costs more than the return is worth, and reserves nothing', async () => {
    const coat = present(
      (await platform().listProducts(shopId, { sort: 'price-desc', inStock: true, limit: 1 })).products[0],
      'the dearest product',
    );
    const dear = present(
      coat.variants.find((v) => v.stock > 0),
      'a variant in stock',
    );
    const { body } = await trySubmitReturn(t, {
      order: '#1001',
      title: 'Linen Shirt',
      exchange: [{ variant_id: dear.id, quantity: 1 }],
    });
    expect(body).toMatchObject({ code: Code.InvalidInput, msg: messages.exchangeCostsMore });
    const after = present(await platform().getProduct(shopId, coat.id), 'product');
    expect(after.variants.find((v) => v.id === dear.id)?.stock).toBe(dear.stock);
  });

  it('refuses an exchange without new items, and new items without an exchange', async () => {
    const none = await trySubmitReturn(t, { title: 'Canvas Sneakers', exchange: [] });
    expect(none.body.code).toBe(Code.InvalidInput);
    const stray = await trySubmitReturn(t, {
      title: 'Canvas Sneakers',
      solution_id: SolutionId.RefundOriginal,
      exchange: [{ variant_id: size43, quantity: 1 }],
    });
    expect(stray.body.code).toBe(Code.InvalidInput);
    expect((await size('43')).stock).toBe(3);
  });

  it('gives the last pair to one of two shoppers who want it at once; the other hears "No stock"', async () => {
    await bobsOrder();
    await setStock(size43, 1);
    const want = { title: 'Canvas Sneakers', exchange: [{ variant_id: size43, quantity: 1 }] };
    const [alice, bob] = await Promise.all([
      trySubmitReturn(t, { ...want, order: '#1001', email: 'alice@example.com' }),
      trySubmitReturn(t, { ...want, order: '#9001', email: 'bob@example.com' }),
    ]);
    const codes = [alice.body.code, bob.body.code].sort();
    expect(codes).toEqual([Code.Success, Code.InvalidInput].sort());
    const loser = alice.body.code === Code.Success ? bob : alice;
    expect(loser.body.msg).toBe(messages.noStock);
    expect((await size('43')).stock).toBe(0);
  });
});
