import { calls, RequestStatus } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorePlatform } from '../adapters/store-platform/local.js';
import { buildTestApp, dialects, merchantAction, shop, type TestApp } from '../../test/helper.js';

describe.each(dialects)('the demo shop on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  it('gives its orders what return rules look at: types, vendors, a Sale collection, tags and a code (#32)', async () => {
    const shopId = (await t.db.selectFrom('shops').select('id').where('shop_url', '=', shop).executeTakeFirstOrThrow())
      .id;
    const platform = new LocalStorePlatform(t.db, t.clock);
    const order = async (number: string) => present(await platform.findOrderByNumber(shopId, number), `#${number}`);
    const first = await order('1001');
    expect([first.tags, first.discountCodes]).toEqual([['first-order'], ['WELCOME10']]);
    expect(first.lines.map((l) => [l.title, l.productType, l.vendor])).toEqual([
      ['Linen Shirt', 'Shirts', 'Fernhill Supply Co.'],
      ['Canvas Sneakers', 'Sneakers', 'Saltmarsh Footwear'],
      ['Wool Beanie', 'Hats', 'Alder & Wool'],
    ]);
    expect(first.lines[2]).toMatchObject({ tags: ['accessories', 'final-sale'], collections: ['Accessories', 'Sale'] });
    // Dave's T-shirt is on sale; his shoes are not.
    const dave = await order('1005');
    expect(dave.lines.map((l) => [l.title, l.collections])).toEqual([
      ['Running Shoes', ['Shoes']],
      ['Cotton T-Shirt', ['Sale', 'Tops']],
    ]);
    expect((await order('1004')).tags).toEqual(['international', 'vip']);
    expect(await platform.listCollections(shopId)).toContainEqual(expect.objectContaining({ title: 'Sale' }));
  });

  it('seeds the request of #1005 with the refund of its $119.00 shoes, which the merchant can pay (#30)', async () => {
    const dave = (await t.call(calls.login, { shop_url: shop, email: 'dave@example.com', order_number: '#1005' })).body
      .data.token;
    const [request] = (await t.call(calls.orderReturnList, {}, dave)).body.data.list;
    const requestId = present(request, 'the seeded request of #1005').id;
    const detail = (await t.call(calls.returnInfo, { request_id: requestId }, dave)).body.data;
    // $119.00 and its 8% tax, as a submit of the same line computes it; the shipping stays with the shop.
    expect(detail).toMatchObject({ tax: 952, refund: 12852, total: 12852 });
    expect(request?.refund).toBe(12852);

    for (const action of ['approve', 'receive', 'refund'])
      expect([action, (await merchantAction(t, requestId, action)).statusCode]).toEqual([action, 200]);
    await t.app.ctx.worker.runDue();
    await t.app.ctx.worker.runDue();
    const row = await t.db
      .selectFrom('return_requests')
      .select(['status', 'refund_state', 'order_id', 'shop_id'])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: RequestStatus.Completed, refund_state: 'refunded' });
    const paid = await new LocalStorePlatform(t.db, t.clock).listRefunds(row.shop_id, row.order_id);
    expect(paid.map((refund) => refund.amount)).toEqual([12852]);
  });
});
