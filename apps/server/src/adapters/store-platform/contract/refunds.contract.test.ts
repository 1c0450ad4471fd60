import { present } from '@return-center/domain';
import { describe, expect, it } from 'vitest';
import { type StorePlatform, type SuggestedRefund, UnknownOrder } from '../port.js';
import { DAY, PLACED, order, product } from './fixtures.js';
import { adapters, forEachTest, type Harness, type Scope } from './harness.js';

/** The store-platform contract (harness.ts): suggesting, issuing and listing refunds, and the units they take back. */
describe.each(adapters)('store platform: %s', (_name, open) => {
  let h: Harness;
  let platform: StorePlatform;
  let shop: number;
  let otherShop: number;
  let lineOf: Scope['lineOf'];
  let placed: Scope['placed'];
  forEachTest(open, (scope) => ({ h, platform, shop, otherShop, lineOf, placed } = scope));

  describe('refunds', () => {
    it('suggests units × price less their share of the discount plus their share of the tax, summed', async () => {
      const found = await placed(order('1001'));
      const shirt = lineOf(found, '1001-1');
      const sneakers = lineOf(found, '1001-2');
      const all = present(
        await platform.suggestRefund(shop, found.id, [
          { lineId: shirt.id, quantity: 1 },
          { lineId: sneakers.id, quantity: 3 },
        ]),
        'suggestion',
      );
      expect(all.currency).toBe('USD');
      expect(all.lines).toEqual([
        { lineId: shirt.id, quantity: 1, subtotal: 4900, discount: 490, tax: 353, total: 4900 - 490 + 353 },
        { lineId: sneakers.id, quantity: 3, subtotal: 26_700, discount: 1000, tax: 2057, total: 26_700 - 1000 + 2057 },
      ]);
      expect(all.total).toBe(4763 + 27_757);

      const one = present(
        await platform.suggestRefund(shop, found.id, [{ lineId: sneakers.id, quantity: 1 }]),
        'one unit',
      );
      const [part] = one.lines;
      expect(part?.subtotal).toBe(8900);
      // A third of the line's discount and tax, within one minor unit.
      expect(Math.abs(present(part, 'part').discount - 1000 / 3)).toBeLessThan(1);
      expect(Math.abs(present(part, 'part').tax - 2057 / 3)).toBeLessThan(1);
      expect(one.total).toBe(present(part, 'part').total);
    });

    it('adds up to exactly the line when a line is refunded a few units at a time', async () => {
      for (const steps of [
        [1, 1, 1],
        [2, 1],
        [1, 2],
      ]) {
        const id = `S-${steps.join('')}`;
        const feed = order(id);
        const sneakers = lineOf(await placed(feed), `${id}-2`);
        const orderId = present(await platform.findOrderByNumber(shop, id), id).id;
        let refunded = 0;
        const parts: SuggestedRefund['lines'] = [];
        for (const [i, units] of steps.entries()) {
          const suggested = present(
            await platform.suggestRefund(shop, orderId, [{ lineId: sneakers.id, quantity: units }]),
            'suggestion',
          );
          parts.push(present(suggested.lines[0], 'the line'));
          refunded += units;
          await h.putOrders(shop, [
            {
              ...feed,
              refunds: [
                ...feed.refunds,
                ...steps.slice(0, i + 1).map((q, j) => ({
                  id: `r${String(j)}`,
                  created_at: PLACED + (j + 5) * DAY,
                  lines: [{ line_id: `${id}-2`, quantity: q }],
                })),
              ],
            },
          ]);
          expect(lineOf(present(await platform.getOrder(shop, orderId), id), `${id}-2`).refundedQuantity).toBe(
            refunded,
          );
        }
        const sum = (key: 'subtotal' | 'discount' | 'tax' | 'total') => parts.reduce((s, p) => s + p[key], 0);
        expect([sum('subtotal'), sum('discount'), sum('tax'), sum('total')], steps.join('+')).toEqual([
          26_700,
          1000,
          2057,
          26_700 - 1000 + 2057,
        ]);
      }
    });

    it('counts only what is still refundable, leaves out lines the order does not have, answers null for no order', async () => {
      const feed = order('1001');
      const found = await placed(feed);
      const shirt = lineOf(found, '1001-1');
      const sneakers = lineOf(found, '1001-2');
      await h.putOrders(shop, [
        {
          ...feed,
          refunds: [{ id: 'r1', created_at: PLACED + 5 * DAY, lines: [{ line_id: '1001-2', quantity: 2 }] }],
        },
      ]);
      const capped = present(
        await platform.suggestRefund(shop, found.id, [
          { lineId: sneakers.id, quantity: 5 },
          { lineId: shirt.id + sneakers.id + 1000, quantity: 1 },
        ]),
        'capped',
      );
      expect(capped.lines.map((l) => [l.lineId, l.quantity])).toEqual([[sneakers.id, 1]]);
      expect(capped.lines[0]?.subtotal).toBe(8900);
      expect(capped.total).toBe(present(capped.lines[0], 'line').total);

      await h.putOrders(shop, [
        {
          ...feed,
          refunds: [{ id: 'r1', created_at: PLACED + 5 * DAY, lines: [{ line_id: '1001-2', quantity: 3 }] }],
        },
      ]);
      const nothingLeft = present(
        await platform.suggestRefund(shop, found.id, [{ lineId: sneakers.id, quantity: 1 }]),
        'nothing left',
      );
      expect(nothingLeft.total).toBe(0);
      expect(nothingLeft.lines.every((l) => l.quantity === 0 && l.total === 0)).toBe(true);

      expect(await platform.suggestRefund(shop, found.id + 1000, [{ lineId: shirt.id, quantity: 1 }])).toBeNull();
      expect(await platform.suggestRefund(otherShop, found.id, [{ lineId: shirt.id, quantity: 1 }])).toBeNull();
    });

    it('issues a refund once per key: a retry answers the same reference and code, and takes no more units', async () => {
      const found = await placed(order('1001'));
      const shirt = lineOf(found, '1001-1');
      const refund = {
        shopId: shop,
        orderId: found.id,
        amount: 4763,
        currency: 'USD',
        kind: 'discount_code' as const,
        lines: [{ lineId: shirt.id, quantity: 1 }],
        restock: true,
        idempotencyKey: `contract-${String(shop)}-a`,
      };
      const first = await platform.issueRefund(refund);
      const again = await platform.issueRefund(refund);
      expect(again).toEqual(first);
      expect(lineOf(present(await platform.getOrder(shop, found.id), '1001'), '1001-1').refundedQuantity).toBe(1);
      const records = await platform.listRefunds(shop, found.id);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({
        reference: first.reference,
        kind: 'discount_code',
        amount: 4763,
        code: first.code,
      });
    });

    it('gives a code for a discount code or a gift card, none for money back, and lists refunds oldest first', async () => {
      const found = await placed(order('1001'));
      const issue = (kind: 'original' | 'discount_code' | 'gift_card', amount: number) =>
        platform.issueRefund({
          shopId: shop,
          orderId: found.id,
          amount,
          currency: 'USD',
          kind,
          lines: [],
          restock: false,
          idempotencyKey: `contract-${String(shop)}-${kind}`,
        });
      const original = await issue('original', 1000);
      const discount = await issue('discount_code', 2000);
      const gift = await issue('gift_card', 3000);
      expect(original.code).toBe('');
      expect(discount.code).not.toBe('');
      expect(gift.code).not.toBe('');
      expect(new Set([original.reference, discount.reference, gift.reference]).size).toBe(3);

      const records = await platform.listRefunds(shop, found.id);
      expect(records.map((r) => [r.reference, r.kind, r.amount, r.currency, r.code])).toEqual([
        [original.reference, 'original', 1000, 'USD', ''],
        [discount.reference, 'discount_code', 2000, 'USD', discount.code],
        [gift.reference, 'gift_card', 3000, 'USD', gift.code],
      ]);
      for (const record of records) {
        expect(Number.isInteger(record.createdAt)).toBe(true);
        expect(record.createdAt).toBeGreaterThan(1_000_000_000);
        expect(record.createdAt).toBeLessThan(10_000_000_000);
      }
    });

    it('takes a refund’s units back: the order shows them refunded and only what is left stays refundable', async () => {
      const found = await placed(order('1001'));
      const shirt = lineOf(found, '1001-1');
      const sneakers = lineOf(found, '1001-2');
      const refund = (kind: 'original' | 'gift_card', lines: { lineId: number; quantity: number }[]) =>
        platform.issueRefund({
          shopId: shop,
          orderId: found.id,
          amount: 1000,
          currency: 'USD',
          kind,
          lines,
          restock: true,
          idempotencyKey: `contract-${String(shop)}-${kind}`,
        });
      await refund('original', [
        { lineId: sneakers.id, quantity: 2 },
        { lineId: shirt.id + sneakers.id + 1000, quantity: 1 },
      ]);
      const after = present(await platform.getOrder(shop, found.id), '1001');
      expect([lineOf(after, '1001-1').refundedQuantity, lineOf(after, '1001-2').refundedQuantity]).toEqual([0, 2]);
      expect(after.refunded).toBe(false);
      const left = await platform.suggestRefund(shop, found.id, [{ lineId: sneakers.id, quantity: 3 }]);
      expect(left?.lines.map((l) => l.quantity)).toEqual([1]);

      // Store credit takes its units back too; more than is left counts what is left.
      await refund('gift_card', [
        { lineId: shirt.id, quantity: 1 },
        { lineId: sneakers.id, quantity: 5 },
      ]);
      const all = present(await platform.getOrder(shop, found.id), '1001');
      expect(all.lines.map((l) => l.refundedQuantity)).toEqual(all.lines.map((l) => l.quantity));
      expect(all.refunded).toBe(true);
    });

    it('puts units that came back in stock, once; units the shopper keeps stay out of it', async () => {
      const { productId, variantIds } = await h.putProduct(shop, product('linen-shirt', 0));
      const small = present(variantIds[0], 'variant S');
      const line = { id: '1001-1', product_id: productId, variant_id: small, title: 'Linen Shirt', price: 2500 };
      const found = await placed(order('1001', { lines: [{ ...line, variant_title: 'S', sku: 'X', quantity: 3 }] }));
      const stock = async () =>
        (await platform.getProduct(shop, productId))?.variants.find((v) => v.id === small)?.stock;
      expect(await stock()).toBe(3);
      const back = {
        shopId: shop,
        orderId: found.id,
        amount: 2500,
        currency: 'USD',
        kind: 'original' as const,
        lines: [{ lineId: lineOf(found, '1001-1').id, quantity: 1 }],
        restock: true,
        idempotencyKey: `contract-${String(shop)}-back`,
      };
      await platform.issueRefund(back);
      await platform.issueRefund(back);
      expect(await stock()).toBe(4);
      await platform.issueRefund({
        ...back,
        lines: [{ lineId: lineOf(found, '1001-1').id, quantity: 2 }],
        restock: false,
        idempotencyKey: `contract-${String(shop)}-kept`,
      });
      expect(await stock()).toBe(4);
      expect(lineOf(present(await platform.getOrder(shop, found.id), '1001'), '1001-1').refundedQuantity).toBe(3);
    });

    it('refuses to refund another shop’s order and never lists its refunds', async () => {
      const found = await placed(order('1001'));
      await platform.issueRefund({
        shopId: shop,
        orderId: found.id,
        amount: 100,
        currency: 'USD',
        kind: 'original',
        lines: [],
        restock: false,
        idempotencyKey: `contract-${String(shop)}-mine`,
      });
      await expect(
        platform.issueRefund({
          shopId: otherShop,
          orderId: found.id,
          amount: 100,
          currency: 'USD',
          kind: 'original',
          lines: [],
          restock: false,
          idempotencyKey: `contract-${String(otherShop)}-theirs`,
        }),
      ).rejects.toBeInstanceOf(UnknownOrder);
      expect(await platform.listRefunds(otherShop, found.id)).toEqual([]);
      expect(await platform.listRefunds(shop, found.id)).toHaveLength(1);
    });
  });
});
