import { parseMinor, present } from '@return-center/domain';
import { describe, expect, it } from 'vitest';
import type { FakeShopifyAdmin } from '../../../../test/fakes/shopify-admin-server.js';
import type { FakeShop } from '../../../../test/fakes/shopify-admin-shop.js';
import type { PlatformReturn } from '../port.js';
import type { ShopifyAdminPlatform } from './admin-platform.js';
import { refund, START, withFakeShopify } from './test-support.js';

/**
 * Exchanges as the return's own exchange items (ADR 048), as the merchant sees them in the Shopify admin: what the
 * order owes (Shopify's `totalOutstandingSet`: below 0 a refund owed, above 0 a payment due) after each step. Order
 * #1001 has one line of two shirts at 49.00 with 4.90 off and 3.53 tax: one shirt back is worth 48.32 at Shopify.
 */
describe('Shopify exchanges on the return', () => {
  let fake: FakeShopifyAdmin;
  let shop: FakeShop;
  let orderId: number;
  let lineId: number;
  const { platform, calls } = withFakeShopify((scene) => ({ fake, shop, orderId, lineId } = scene));

  const ONE_SHIRT = 4832;

  /** A shirt of another size, a cheaper tee and a dearer jacket, five of each in stock. */
  const catalogue = () => {
    const variant = (title: string, price: number) =>
      present(
        fake.putProduct(shop.domain, {
          title,
          handle: title.toLowerCase().replace(/ /g, '-'),
          createdAt: Math.floor(START / 1000),
          variants: [{ title: 'L', sku: `${title}-L`, price, stock: 5, options: ['L'] }],
        }).variants[0],
        title,
      );
    return { shirtL: variant('Linen Shirt', 4900), tee: variant('Cotton Tee', 3000), jacket: variant('Jacket', 6000) };
  };

  /** What the order owes, as Shopify's admin shows it (read through the Admin API). */
  const owed = async () => {
    const response = await fetch(`${fake.origin}/admin/api/${fake.apiVersion}/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': shop.accessToken },
      body: JSON.stringify({
        query: `query Owed($id: ID!) { order(id: $id) { totalOutstandingSet { presentmentMoney { amount } } } }`,
        variables: { id: `gid://shopify/Order/${String(orderId)}` },
      }),
    });
    const { data } = (await response.json()) as {
      data: { order: { totalOutstandingSet: { presentmentMoney: { amount: string } } } };
    };
    return parseMinor(data.order.totalOutstandingSet.presentmentMoney.amount, 'USD');
  };

  /** The shopper's exchange draft for one unit of the variant, the return's credit taken off, held by request 7. */
  const exchangeFor = async (p: ShopifyAdminPlatform, variantId: number, credit: number) => {
    const draft = await p.createDraftOrder(1, {
      orderId,
      email: 'alice@example.com',
      currency: 'USD',
      lines: [{ variantId, quantity: 1 }],
      credit,
      idempotencyKey: `key-${String(variantId)}`,
      group: `order-${String(orderId)}`,
      holdUntil: Math.floor(START / 1000) + 3600,
    });
    const request = (decision: PlatformReturn['decision']): PlatformReturn => ({
      orderId,
      requestId: 7,
      lines: [{ lineId, quantity: 1, reason: "Doesn't suit me" }],
      decision,
      exchangeDraftId: draft.id,
    });
    return { draft, request };
  };

  const stockOf = (variantId: number) =>
    shop.products.flatMap((p) => p.variants).find((v) => v.id === variantId)?.available;

  it('swaps a shirt for another size evenly: Shopify shows the return processed and no refund owed', async () => {
    const { shirtL } = catalogue();
    const p = platform();
    const { draft, request } = await exchangeFor(p, shirtL.id, 4900);
    expect(draft).toMatchObject({ status: 'paid', total: 0 });
    await p.holdDraftOrder(1, draft.id);

    // Shopify's requested returns take no new items: the exchange shows once approved, with them.
    expect(await p.registerReturn(1, request('requested'))).toBeNull();
    expect(shop.returns).toEqual([]);
    const reference = await p.registerReturn(1, request('approved'));
    expect(shop.returns).toMatchObject([
      {
        status: 'OPEN',
        lines: [{ quantity: 1, processed: 1 }],
        // 49.00 at Shopify for a shirt worth 48.32 back: 0.68 off, so the swap is even there too.
        exchangeLines: [{ variantId: shirtL.id, quantity: 1, discount: 68, processed: 1 }],
      },
    ]);
    expect(reference).toBe(`gid://shopify/Return/${String(shop.returns[0]?.id)}`);
    expect(await owed()).toBe(0);

    // The approved exchange's order is #1001 itself: no second order, one unit taken (the draft's hold let go).
    const completed = await p.completeDraftOrder(1, draft.id);
    expect(completed).toMatchObject({ status: 'paid', orderId, orderName: '#1001' });
    expect(await p.completeDraftOrder(1, draft.id)).toEqual(completed);
    expect(shop.orders).toHaveLength(1);
    expect(shop.drafts).toEqual([]);
    expect(stockOf(shirtL.id)).toBe(4);
    // The platform-return job after the completion's: the same return, nothing made again.
    expect(await p.registerReturn(1, request('approved'))).toBe(reference);
    expect(calls('ReturnCreate').length + calls('ReturnProcess').length).toBe(2);
    expect(fake.calls.flatMap((c) => c.deprecated)).toEqual([]);
  });

  it('swaps for a cheaper tee: Shopify owes the shopper the rest until the merchant refunds it, then nothing', async () => {
    const { tee } = catalogue();
    const p = platform();
    const { draft, request } = await exchangeFor(p, tee.id, ONE_SHIRT);
    await p.holdDraftOrder(1, draft.id);
    await p.registerReturn(1, request('approved'));
    expect(shop.returns[0]?.exchangeLines).toMatchObject([{ variantId: tee.id, discount: 0, processed: 1 }]);
    expect(await owed()).toBe(3000 - ONE_SHIRT);

    await p.issueRefund({
      ...refund,
      orderId,
      amount: ONE_SHIRT - 3000,
      lines: [{ lineId, quantity: 1 }],
      restock: true,
    });
    expect(await owed()).toBe(0);
  });

  it('keeps a dearer jacket, paid at the checkout, on the order the shopper paid, and the return plain', async () => {
    const { jacket } = catalogue();
    const p = platform();
    const { draft, request } = await exchangeFor(p, jacket.id, ONE_SHIRT);
    expect(draft).toMatchObject({ status: 'open', total: 6000 - ONE_SHIRT });
    fake.payDraft(shop.domain, Number(draft.id.split('-')[0]));
    await p.holdDraftOrder(1, draft.id);

    expect(await p.registerReturn(1, request('requested'))).not.toBeNull();
    await p.registerReturn(1, request('approved'));
    const completed = await p.completeDraftOrder(1, draft.id);
    expect(completed?.orderId).not.toBe(orderId);
    expect(shop.orders.find((o) => o.id === completed?.orderId)?.transactions).toMatchObject([
      { kind: 'SALE', amount: 6000 - ONE_SHIRT },
    ]);
    // The return stays unprocessed, owing nothing yet; processing it in the admin would suggest refunding the shirt,
    // whose credit paid for the jacket on the other order (ADR 048).
    expect(shop.returns).toMatchObject([{ status: 'OPEN', lines: [{ processed: 0 }], exchangeLines: [] }]);
    expect(await owed()).toBe(0);
  });

  it('makes one return and confirms it once when answers to returnCreate and returnProcess are lost', async () => {
    const { shirtL } = catalogue();
    const p = platform();
    const { draft, request } = await exchangeFor(p, shirtL.id, 4900);
    await p.holdDraftOrder(1, draft.id);

    fake.faults.only = /^ReturnCreate$/;
    fake.faults.dropAfter = 1;
    await expect(p.registerReturn(1, request('approved'))).rejects.toThrow(/ReturnCreate/);
    fake.faults.only = /^ReturnProcess$/;
    fake.faults.dropAfter = 1;
    await expect(p.registerReturn(1, request('approved'))).rejects.toThrow(/ReturnProcess/);
    const reference = await p.registerReturn(1, request('approved'));

    expect(shop.returns).toHaveLength(1);
    expect(reference).toBe(`gid://shopify/Return/${String(shop.returns[0]?.id)}`);
    expect(shop.returns[0]).toMatchObject({ lines: [{ processed: 1 }], exchangeLines: [{ processed: 1 }] });
    expect(calls('ReturnCreate').map((c) => c.outcome)).toEqual(['dropped']);
    expect(calls('ReturnProcess').map((c) => c.outcome)).toEqual(['dropped']);
    expect(stockOf(shirtL.id)).toBe(4);
    expect(await owed()).toBe(0);
    expect((await p.completeDraftOrder(1, draft.id))?.orderId).toBe(orderId);
  });
});
