import { present } from '@return-center/domain';
import { describe, expect, it } from 'vitest';
import { type DraftOrderInput, type StorePlatform, VariantUnavailable } from '../port.js';
import { adapters, forEachTest, type Harness, type Scope } from './harness.js';

/** The store-platform contract (harness.ts): what exchange drafts hold of stock: reservations, cancelling, expiry, holds and groups. */
describe.each(adapters)('store platform: %s', (_name, open) => {
  let h: Harness;
  let platform: StorePlatform;
  let shop: number;
  let otherShop: number;
  let exchange: Scope['exchange'];
  forEachTest(open, (scope) => ({ h, platform, shop, otherShop, exchange } = scope));

  describe('draft orders', () => {
    const stockOf = async (productId: number, variantId: number) =>
      present(await platform.getProduct(shop, productId), 'product').variants.find((v) => v.id === variantId)?.stock;

    /** Two units at 2500 with the credit covering them: nothing is due, so the draft holds its units. */
    const covered = { credit: 5000 };

    it('reserves the units of a draft with nothing due: stock falls, and of two drafts racing for the last units one gets them', async () => {
      const { productId, inStock, input } = await exchange();
      await platform.createDraftOrder(shop, input('two', covered));
      expect(await stockOf(productId, inStock)).toBe(8);
      // A retry reserves nothing more.
      await platform.createDraftOrder(shop, input('two', covered));
      expect(await stockOf(productId, inStock)).toBe(8);
      const half = (key: string) => input(key, { lines: [{ variantId: inStock, quantity: 5 }], credit: 12_500 });
      const raced = await Promise.allSettled([
        platform.createDraftOrder(shop, half('first')),
        platform.createDraftOrder(shop, half('second')),
      ]);
      expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = raced.find((r) => r.status === 'rejected');
      expect(lost?.reason).toBeInstanceOf(VariantUnavailable);
      expect(await stockOf(productId, inStock)).toBe(3);
    });

    it('holds no units while something is due, and takes them once the shopper paid', async () => {
      const { productId, inStock, input } = await exchange();
      const open = await platform.createDraftOrder(shop, input('due'));
      expect(open.status).toBe('open');
      expect(await stockOf(productId, inStock)).toBe(10);
      // Another shopper may take every unit meanwhile: the open draft keeps none of them from anyone.
      const all = await platform.createDraftOrder(
        shop,
        input('all', { lines: [{ variantId: inStock, quantity: 10 }], credit: 25_000 }),
      );
      expect(await stockOf(productId, inStock)).toBe(0);
      await platform.cancelDraftOrder(shop, all.id);
      await h.payDraft(shop, open);
      expect((await platform.getDraftOrder(shop, open.id))?.status).toBe('paid');
      expect(await stockOf(productId, inStock)).toBe(8);
    });

    it('gives the units back when cancelled, once, and the key with them', async () => {
      const { productId, inStock, input } = await exchange();
      const draft = await platform.createDraftOrder(shop, input('cancel', covered));
      expect(await stockOf(productId, inStock)).toBe(8);
      expect(await platform.cancelDraftOrder(otherShop, draft.id)).toBeNull();
      expect(await stockOf(productId, inStock)).toBe(8);
      expect(await platform.cancelDraftOrder(shop, draft.id)).toMatchObject({ id: draft.id, status: 'cancelled' });
      expect(await platform.cancelDraftOrder(shop, draft.id)).toMatchObject({ status: 'cancelled' });
      expect(await stockOf(productId, inStock)).toBe(10);
      expect(await platform.cancelDraftOrder(shop, 'no-such-draft')).toBeNull();
      // Asked for again with its key, a cancelled draft is not answered: a new one is made (and can be paid).
      const again = await platform.createDraftOrder(shop, input('cancel'));
      expect(again).toMatchObject({ status: 'open' });
      expect(again.id).not.toBe(draft.id);
    });

    it('refunds what was paid for a draft cancelled after payment, once; a completed draft stays', async () => {
      const { productId, inStock, input } = await exchange();
      const draft = await platform.createDraftOrder(shop, input('paid-then-cancelled'));
      await h.payDraft(shop, draft);
      expect(await platform.cancelDraftOrder(shop, draft.id)).toMatchObject({ status: 'cancelled', refunded: 4000 });
      expect(await platform.cancelDraftOrder(shop, draft.id)).toMatchObject({ status: 'cancelled', refunded: 4000 });
      expect(await stockOf(productId, inStock)).toBe(10);
      // An unpaid draft refunds nothing.
      const open = await platform.createDraftOrder(shop, input('open-then-cancelled'));
      expect(await platform.cancelDraftOrder(shop, open.id)).toMatchObject({ status: 'cancelled', refunded: 0 });

      const completed = await platform.createDraftOrder(shop, input('completed', { credit: 6000 }));
      await platform.completeDraftOrder(shop, completed.id);
      expect(await platform.cancelDraftOrder(shop, completed.id)).toMatchObject({ status: 'paid', refunded: 0 });
      expect(await stockOf(productId, inStock)).toBe(8);
    });

    it('expires drafts no request holds, open or paid with nothing paid, units back and keys free; held, paid-for and newer drafts stay', async () => {
      const { productId, inStock, input } = await exchange();
      const one = { lines: [{ variantId: inStock, quantity: 1 }] };
      const swap = { ...one, credit: 2500 };
      const abandoned = await platform.createDraftOrder(shop, input('abandoned', one));
      const evenSwap = await platform.createDraftOrder(shop, input('even-swap', swap));
      const held = await platform.createDraftOrder(shop, input('held', swap));
      expect(await platform.holdDraftOrder(shop, held.id)).toMatchObject({ id: held.id, status: 'paid' });
      const paid = await platform.createDraftOrder(shop, input('paid-early', one));
      await h.payDraft(shop, paid);
      h.advance(1800);
      const cutoff = h.now();
      h.advance(60);
      const recent = await platform.createDraftOrder(shop, input('recent', swap));
      expect(await stockOf(productId, inStock)).toBe(6);

      expect(await platform.expireOpenDraftOrders(cutoff)).toBeGreaterThanOrEqual(2);
      expect((await platform.getDraftOrder(shop, abandoned.id))?.status).toBe('cancelled');
      expect((await platform.getDraftOrder(shop, evenSwap.id))?.status).toBe('cancelled');
      expect((await platform.getDraftOrder(shop, held.id))?.status).toBe('paid');
      expect((await platform.getDraftOrder(shop, paid.id))?.status).toBe('paid');
      expect((await platform.getDraftOrder(shop, recent.id))?.status).toBe('paid');
      expect(await stockOf(productId, inStock)).toBe(7);
      // Again: nothing more to do for this shop.
      await platform.expireOpenDraftOrders(cutoff);
      expect(await stockOf(productId, inStock)).toBe(7);
      // The shopper back at the pay step with the same choice gets a new draft, not the expired one.
      const again = await platform.createDraftOrder(shop, input('abandoned', one));
      expect(again).toMatchObject({ status: 'open' });
      expect(again.id).not.toBe(abandoned.id);
    });

    it('keeps the units of a draft no request holds only until its holdUntil, sweep or not; a held draft keeps them', async () => {
      const { productId, inStock, input } = await exchange();
      const until = h.now() + 600;
      const all = { lines: [{ variantId: inStock, quantity: 10 }], credit: 25_000, holdUntil: until };
      const hoarded = await platform.createDraftOrder(shop, input('hoard', all));
      expect(await stockOf(productId, inStock)).toBe(0);
      h.advance(599);
      await expect(
        platform.createDraftOrder(shop, input('someone-else', { lines: [{ variantId: inStock, quantity: 1 }] })),
      ).rejects.toBeInstanceOf(VariantUnavailable);
      h.advance(2);
      // No sweep has run: another shopper gets a unit all the same.
      const other = await platform.createDraftOrder(
        shop,
        input('someone-else-later', { lines: [{ variantId: inStock, quantity: 1 }], credit: 2500 }),
      );
      expect(other.status).toBe('paid');
      expect(await stockOf(productId, inStock)).toBe(9);
      // The hoarder asking again with the same key gets a new draft, held from now, only if there are units for it.
      await expect(platform.createDraftOrder(shop, input('hoard', all))).rejects.toBeInstanceOf(VariantUnavailable);

      const held = await platform.holdDraftOrder(shop, other.id);
      expect(held?.status).toBe('paid');
      h.advance(3 * 86_400);
      await platform.expireOpenDraftOrders(h.now());
      expect((await platform.getDraftOrder(shop, other.id))?.status).toBe('paid');
      expect(await stockOf(productId, inStock)).toBe(9);
      expect((await platform.getDraftOrder(shop, hoarded.id))?.status).not.toBe('paid');
    });

    it('holds only a paid draft, and only the shop’s', async () => {
      const { input } = await exchange();
      const open = await platform.createDraftOrder(shop, input('open'));
      expect(await platform.holdDraftOrder(shop, open.id)).toMatchObject({ id: open.id, status: 'open' });
      const paid = await platform.createDraftOrder(shop, input('paid', covered));
      expect(await platform.holdDraftOrder(otherShop, paid.id)).toBeNull();
      expect(await platform.holdDraftOrder(shop, 'no-such-draft')).toBeNull();
      await platform.cancelDraftOrder(shop, paid.id);
      expect(await platform.holdDraftOrder(shop, paid.id)).toMatchObject({ status: 'cancelled' });
    });

    it('keeps one draft per group that no request holds: the next one replaces it, paid or not; a held draft stays', async () => {
      const { productId, inStock, soldOut, input } = await exchange();
      const form = (key: string, fields: Partial<DraftOrderInput> = {}) =>
        input(key, { group: `${String(shop)}-order`, ...fields });
      const elsewhere = await platform.createDraftOrder(shop, input('other-order', { ...covered }));
      const first = await platform.createDraftOrder(shop, form('choice-a', covered));
      expect(await stockOf(productId, inStock)).toBe(6);
      // Eight units: only there once the first choice gave its two back.
      const second = await platform.createDraftOrder(
        shop,
        form('choice-b', { lines: [{ variantId: inStock, quantity: 8 }], credit: 20_000 }),
      );
      expect(second.status).toBe('paid');
      expect(await platform.getDraftOrder(shop, first.id)).toMatchObject({ status: 'cancelled', refunded: 0 });
      expect(await stockOf(productId, inStock)).toBe(0);

      // Back to the first choice, under a new key: a new draft, and the second gives way.
      const third = await platform.createDraftOrder(shop, form('choice-c'));
      expect(third.status).toBe('open');
      expect((await platform.getDraftOrder(shop, second.id))?.status).toBe('cancelled');
      expect(await stockOf(productId, inStock)).toBe(8);

      // Paid for, it gives way too, its money refunded: one return's credit never holds two choices.
      await h.payDraft(shop, third);
      expect(await stockOf(productId, inStock)).toBe(6);
      const fourth = await platform.createDraftOrder(shop, form('choice-d', covered));
      expect(await platform.getDraftOrder(shop, third.id)).toMatchObject({ status: 'cancelled', refunded: 4000 });
      expect(await stockOf(productId, inStock)).toBe(6);

      // A choice that cannot be had replaces nothing.
      await expect(
        platform.createDraftOrder(shop, form('sold-out', { lines: [{ variantId: soldOut, quantity: 1 }] })),
      ).rejects.toBeInstanceOf(VariantUnavailable);
      expect((await platform.getDraftOrder(shop, fourth.id))?.status).toBe('paid');

      // Held by a request, it stays whatever the group asks next.
      await platform.holdDraftOrder(shop, fourth.id);
      const fifth = await platform.createDraftOrder(shop, form('choice-e', covered));
      expect((await platform.getDraftOrder(shop, fourth.id))?.status).toBe('paid');
      expect(fifth.status).toBe('paid');
      expect(await stockOf(productId, inStock)).toBe(4);
      expect((await platform.getDraftOrder(shop, elsewhere.id))?.status).toBe('paid');
    });
  });
});
