import { present } from '@return-center/domain';
import { describe, expect, it } from 'vitest';
import { type StorePlatform, UnknownOrder, VariantUnavailable } from '../port.js';
import { product } from './fixtures.js';
import { adapters, forEachTest, type Harness, type Scope } from './harness.js';

/** The store-platform contract (harness.ts): exchange drafts: totals, keys, stock checks, payment and completion. */
describe.each(adapters)('store platform: %s', (_name, open) => {
  let h: Harness;
  let platform: StorePlatform;
  let shop: number;
  let otherShop: number;
  let exchange: Scope['exchange'];
  forEachTest(open, (scope) => ({ h, platform, shop, otherShop, exchange } = scope));

  describe('draft orders', () => {
    it('totals the new items less the credit, open with somewhere to pay while something is due', async () => {
      const { input, productId, inStock } = await exchange();
      const draft = await platform.createDraftOrder(shop, input('a'));
      expect(draft).toMatchObject({ total: 2 * 2500 - 1000, currency: 'USD', status: 'open', orderId: null });
      expect(draft).toMatchObject({ subtotal: 5000, credit: 1000 });
      expect(draft.lines).toEqual([
        { variantId: inStock, productId, title: 'Linen Shirt', variantTitle: 'S', price: 2500, quantity: 2 },
      ]);
      expect(typeof draft.id).toBe('string');
      expect(draft.checkoutUrl).not.toBe('');
      expect(await platform.getDraftOrder(shop, draft.id)).toEqual(draft);
    });

    it('is paid at once when the credit covers it, with nothing to pay', async () => {
      const { input } = await exchange();
      for (const credit of [5000, 7000]) {
        const draft = await platform.createDraftOrder(shop, input(`covered-${String(credit)}`, { credit }));
        expect(draft).toMatchObject({ total: 0, status: 'paid', checkoutUrl: '' });
        expect((await platform.getDraftOrder(shop, draft.id))?.status).toBe('paid');
      }
    });

    it('makes one draft per key: a retry answers the first draft', async () => {
      const { input } = await exchange();
      const first = await platform.createDraftOrder(shop, input('once'));
      expect(await platform.createDraftOrder(shop, input('once'))).toEqual(first);
      const [a, b] = await Promise.all([
        platform.createDraftOrder(shop, input('raced')),
        platform.createDraftOrder(shop, input('raced')),
      ]);
      expect(a).toEqual(b);
      expect((await platform.createDraftOrder(shop, input('other'))).id).not.toBe(first.id);
    });

    it('refuses a variant sold out, short of stock or not the shop’s', async () => {
      const { inStock, soldOut, input } = await exchange();
      const theirs = (await h.putProduct(otherShop, product('linen-shirt', 0))).variantIds[0];
      for (const [key, lines] of [
        ['sold-out', [{ variantId: soldOut, quantity: 1 }]],
        ['short', [{ variantId: inStock, quantity: 11 }]],
        [
          'short-twice',
          [
            { variantId: inStock, quantity: 6 },
            { variantId: inStock, quantity: 6 },
          ],
        ],
        ['theirs', [{ variantId: present(theirs, 'their variant'), quantity: 1 }]],
        ['unknown', [{ variantId: inStock + soldOut + 1000, quantity: 1 }]],
      ] as const)
        await expect(platform.createDraftOrder(shop, input(key, { lines: [...lines] })), key).rejects.toBeInstanceOf(
          VariantUnavailable,
        );
    });

    it('turns a paid draft into an order of the shop, once, and leaves an unpaid one as it is', async () => {
      const { input, inStock } = await exchange();
      const paid = await platform.createDraftOrder(shop, input('complete', { credit: 6000 }));
      const completed = present(await platform.completeDraftOrder(shop, paid.id), 'completed draft');
      const orderId = present(completed.orderId, 'the exchange order');
      expect(completed.orderName).not.toBe('');
      expect(await platform.completeDraftOrder(shop, paid.id)).toEqual(completed);
      const made = present(await platform.getOrder(shop, orderId), 'exchange order');
      expect(made).toMatchObject({ name: completed.orderName, email: 'alice@example.com', currency: 'USD' });
      expect(made.lines.map((l) => [l.variantId, l.quantity, l.price])).toEqual([[inStock, 2, 2500]]);
      // What the return was worth is taken off: the order comes to what the shopper paid, nothing here.
      expect(made.total).toBe(0);
      expect(await platform.getOrder(otherShop, orderId)).toBeNull();

      const open = await platform.createDraftOrder(shop, input('not-paid'));
      expect(await platform.completeDraftOrder(shop, open.id)).toMatchObject({ status: 'open', orderId: null });
      expect(await platform.completeDraftOrder(otherShop, paid.id)).toBeNull();
    });

    it('gives the exchange order’s lines what the catalogue says of their products', async () => {
      const { input, productId } = await exchange();
      await h.putCollection(shop, { title: 'Sale', handle: 'sale', productIds: [productId] });
      const paid = await platform.createDraftOrder(shop, input('facts', { credit: 6000 }));
      const completed = present(await platform.completeDraftOrder(shop, paid.id), 'completed draft');
      const made = present(await platform.getOrder(shop, present(completed.orderId, 'order')), 'exchange order');
      expect(made.lines).toHaveLength(1);
      expect(made.lines[0]).toMatchObject({
        productId,
        productType: 'Shirts',
        vendor: 'Fernhill Supply Co.',
        collections: ['Sale'],
      });
      expect([made.tags, made.discountCodes]).toEqual([[], []]);
    });

    it('shows the draft paid once the shopper paid it', async () => {
      const { input } = await exchange();
      const draft = await platform.createDraftOrder(shop, input('pay'));
      await h.payDraft(shop, draft);
      const paid = present(await platform.getDraftOrder(shop, draft.id), 'paid draft');
      expect(paid).toMatchObject({ id: draft.id, status: 'paid', total: draft.total });
    });

    it('never answers one shop’s draft to another, nor makes one from another shop’s order', async () => {
      const { from, input } = await exchange();
      const draft = await platform.createDraftOrder(shop, input('mine'));
      expect(await platform.getDraftOrder(otherShop, draft.id)).toBeNull();
      expect(await platform.getDraftOrder(shop, 'no-such-draft')).toBeNull();
      const theirs = (await h.putProduct(otherShop, product('linen-shirt', 0))).variantIds[0];
      await expect(
        platform.createDraftOrder(otherShop, {
          ...input('theirs'),
          orderId: from.id,
          lines: [{ variantId: present(theirs, 'their variant'), quantity: 1 }],
        }),
      ).rejects.toBeInstanceOf(UnknownOrder);
    });
  });
});
