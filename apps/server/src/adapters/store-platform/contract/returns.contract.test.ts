import { describe, expect, it } from 'vitest';
import type { PlatformOrder, ReturnDecision, StorePlatform } from '../port.js';
import { order } from './fixtures.js';
import { adapters, forEachTest, type Scope } from './harness.js';

/** The store-platform contract (harness.ts): registering returns where the platform keeps them. */
describe.each(adapters)('store platform: %s', (_name, open) => {
  let platform: StorePlatform;
  let shop: number;
  let lineOf: Scope['lineOf'];
  let placed: Scope['placed'];
  let exchange: Scope['exchange'];
  forEachTest(open, (scope) => ({ platform, shop, lineOf, placed, exchange } = scope));

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

    it('turns an approved exchange the credit pays for into an order of the shop once, its units taken once', async () => {
      const { from, productId, inStock, input } = await exchange();
      const stock = async () =>
        (await platform.getProduct(shop, productId))?.variants.find((v) => v.id === inStock)?.stock;
      const draft = await platform.createDraftOrder(shop, input('even', { credit: 5000 }));
      expect(draft).toMatchObject({ status: 'paid', total: 0 });
      await platform.holdDraftOrder(shop, draft.id);
      const request = (decision: ReturnDecision) => ({ ...returnOf(from, 11, decision), exchangeDraftId: draft.id });
      // Where returns carry exchanges (Shopify), a requested one cannot: it is registered once approved.
      expect(await platform.registerReturn(shop, request('requested'))).toBeNull();
      const approved = await platform.registerReturn(shop, request('approved'));
      expect(approved === null ? 'none' : 'a reference').toBe(platform.keepsReturns ? 'a reference' : 'none');

      const completed = await platform.completeDraftOrder(shop, draft.id);
      expect(completed).toMatchObject({ status: 'paid', lines: [{ variantId: inStock, quantity: 2 }] });
      const orderId = completed?.orderId ?? null;
      expect(orderId).not.toBeNull();
      expect(await platform.getOrder(shop, orderId ?? 0)).not.toBeNull();
      expect(await platform.completeDraftOrder(shop, draft.id)).toEqual(completed);
      expect(await platform.registerReturn(shop, request('approved'))).toBe(approved);
      expect(await stock()).toBe(8);
    });
  });
});
