import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeShopifyAdmin } from '../../../test/fakes/shopify-admin-server.js';
import type { FakeShop } from '../../../test/fakes/shopify-admin-shop.js';
import { dialects, type TestApp } from '../../../test/helper.js';
import { install, shopifyApp, shopifyOrder, submitShopifyReturn } from '../../../test/shopify.js';

/** The requests' returns as the merchant sees them in the Shopify admin. */
describe.each(dialects)('Shopify returns follow the merchant on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeShopifyAdmin;
  let shop: FakeShop;
  beforeEach(async () => {
    ({ t, fake, shop } = await shopifyApp(dialect));
    await install(t, fake, shop);
    fake.putOrder(shop.domain, shopifyOrder('1001'));
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  const ourShop = async () => {
    const { shop_id } = await t.db.selectFrom('shopify_installs').select('shop_id').executeTakeFirstOrThrow();
    const found = await t.app.ctx.services.storefront.shops.byId(shop_id);
    if (!found) throw new Error('no shop');
    return found;
  };
  const decide = async (requestId: number, action: 'approve' | 'reject') => {
    await t.app.ctx.services.lifecycle.transition(await ourShop(), requestId, action, 'console:owner@example.com', {
      reason: action === 'reject' ? 'Worn' : undefined,
    });
    await t.app.ctx.worker.runDue();
  };
  const operations = () => fake.calls.filter((c) => c.outcome === 'answered').map((c) => c.operation);

  it('shows a submitted request as requested, and opens it when the merchant approves', async () => {
    const { requestId } = await submitShopifyReturn(t, shop.domain, '1001');
    await t.app.ctx.worker.runDue();
    // Alice returns it because it does not suit her: Shopify's reason definition for an unwanted item.
    expect(shop.returns).toMatchObject([{ status: 'REQUESTED', lines: [{ quantity: 1, reason: 'unwanted' }] }]);
    expect(fake.calls.flatMap((c) => c.deprecated)).toEqual([]);
    await decide(requestId, 'approve');
    expect(shop.returns).toMatchObject([{ status: 'OPEN' }]);
    expect(operations()).toEqual(expect.arrayContaining(['ReturnRequest', 'ReturnApproveRequest']));
    expect(operations()).not.toContain('ReturnCreate');
  });

  it('takes a retried decision Shopify already acted on (INVALID_STATE) as done, whatever its words', async () => {
    const { requestId } = await submitShopifyReturn(t, shop.domain, '1001');
    await t.app.ctx.worker.runDue();
    await decide(requestId, 'approve');
    // Every job of the request runs again, as after a lost answer: Shopify refuses to open an open return.
    await t.db
      .updateTable('jobs')
      .set({ status: 'queued', run_at: 0 })
      .where('kind', '=', 'request.platform-return')
      .execute();
    await t.app.ctx.worker.runDue();
    const jobs = await t.db
      .selectFrom('jobs')
      .select(['status', 'last_error'])
      .where('kind', '=', 'request.platform-return')
      .execute();
    expect(jobs).toEqual([
      { status: 'done', last_error: '' },
      { status: 'done', last_error: '' },
    ]);
    expect(fake.calls.filter((c) => c.operation === 'ReturnApproveRequest')).toHaveLength(2);
    expect(shop.returns).toMatchObject([{ status: 'OPEN' }]);
  });

  it('declines the requested return when the merchant rejects the request', async () => {
    const { requestId } = await submitShopifyReturn(t, shop.domain, '1001');
    await t.app.ctx.worker.runDue();
    await decide(requestId, 'reject');
    expect(shop.returns).toMatchObject([{ status: 'DECLINED' }]);
  });

  it('makes an approved request open at once when Shopify never heard of it (returnCreate)', async () => {
    const { requestId } = await submitShopifyReturn(t, shop.domain, '1001');
    // The submitted request's job has not got through (Shopify was down; it waits for its retry).
    const platformJobs = () => t.db.updateTable('jobs').where('kind', '=', 'request.platform-return');
    await platformJobs()
      .set({ run_at: 2 ** 31 - 1 })
      .execute();
    await decide(requestId, 'approve');
    expect(shop.returns).toMatchObject([{ status: 'OPEN', lines: [{ quantity: 1, reason: 'unwanted' }] }]);
    // The first job's retry finds the open return: Shopify still shows one, open.
    await platformJobs().set({ run_at: 0 }).execute();
    await t.app.ctx.worker.runDue();
    expect(shop.returns).toMatchObject([{ status: 'OPEN' }]);
    expect(operations()).toContain('ReturnCreate');
    expect(operations()).not.toContain('ReturnRequest');
  });
});
