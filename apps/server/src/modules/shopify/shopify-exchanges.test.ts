import { calls } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outstanding } from '../../../test/fakes/shopify-admin-balance.js';
import type { FakeShopifyAdmin } from '../../../test/fakes/shopify-admin-server.js';
import type { FakeShop } from '../../../test/fakes/shopify-admin-shop.js';
import { dialects, mailbox, START, type TestApp } from '../../../test/helper.js';
import { install, shopifyApp, shopifyOrder, submitShopifyReturn } from '../../../test/shopify.js';

/** A shopper's exchange on a Shopify shop, as the merchant then sees it in the Shopify admin (ADR 048). */
describe.each(dialects)('Shopify exchanges on the return on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeShopifyAdmin;
  let shop: FakeShop;
  beforeEach(async () => {
    ({ t, fake, shop } = await shopifyApp(dialect));
    await install(t, fake, shop);
    fake.putOrder(shop.domain, shopifyOrder('1001'));
    fake.putProduct(shop.domain, {
      title: 'Linen Shirt',
      handle: 'linen-shirt',
      createdAt: Math.floor(START / 1000),
      variants: [{ title: 'L', sku: 'LINEN-L', price: 4900, stock: 3, options: ['L'] }],
    });
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  it('swaps a shirt for another size: Shopify shows one return, its new item processed, and no refund owed', async () => {
    const { shop_id } = await t.db.selectFrom('shopify_installs').select('shop_id').executeTakeFirstOrThrow();
    const shops = t.app.ctx.services.storefront.shops;
    const installed = present(await shops.byId(shop_id), 'our shop');
    // The merchant offers exchanges besides refunds.
    await shops.updateSettings(installed, { ...installed.settings, solutions: [1, 5] });
    const token = (
      await t.call(calls.login, { shop_url: shop.domain, email: 'alice@example.com', order_number: '1001' })
    ).body.data.token;
    const page = (await t.call(calls.getVariantList, { search: 'Linen' }, token)).body.data;
    const sizeL = present(page.list[0]?.variants[0], 'size L');
    const { requestId } = await submitShopifyReturn(t, shop.domain, '1001', 'alice@example.com', {
      exchange: [{ variant_id: sizeL.id, quantity: 1 }],
    });
    await t.app.ctx.worker.runDue();
    // Requested returns take no new items at Shopify: the exchange shows there once approved.
    expect(shop.returns).toEqual([]);

    const ours = present(await shops.byId(shop_id), 'our shop');
    await t.app.ctx.services.lifecycle.transition(ours, requestId, 'approve', 'console:owner@example.com');
    await t.app.ctx.worker.runDue();

    expect(shop.returns).toMatchObject([
      { status: 'OPEN', lines: [{ quantity: 1, processed: 1 }], exchangeLines: [{ quantity: 1, processed: 1 }] },
    ]);
    const order = present(shop.orders[0], '#1001');
    expect(shop.orders).toHaveLength(1);
    expect(outstanding(shop, order)).toBe(0);
    // The shopper's status page and email name the order the new shirt was added to.
    const info = (await t.call(calls.returnInfo, { request_id: requestId }, token)).body.data;
    expect(info.exchange_order?.order_name).toBe('#1001');
    await t.app.ctx.worker.runDue();
    const subjects = (await mailbox(t, 'alice@example.com')).map((mail) => mail.subject);
    expect(subjects).toContain('Your exchange order #1001 is placed');
    expect(fake.calls.flatMap((c) => c.deprecated)).toEqual([]);
  });
});
