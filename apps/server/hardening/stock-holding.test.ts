import { calls, Code, SolutionId } from '@return-center/contract';
import { present } from '@return-center/domain';
import { describe, expect, it } from 'vitest';
import { LocalStorePlatform } from '../src/adapters/store-platform/local.js';
import type { PlatformProduct } from '../src/adapters/store-platform/port.js';
import { buildTestApp, dialects, patchSettings, shop, type TestApp } from '../test/helper.js';

const HOURS = 3;
const CALLS_PER_HOUR = 400;

let address = 0;
/** Every call from a fresh address: the attacker rotates addresses, so only the per-session limit stands. */
const nextIp = () => `198.18.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;

/** Every product of the shop, through the port, with its stock as it is now. */
async function catalogue(t: TestApp, shopId: number): Promise<PlatformProduct[]> {
  const platform = new LocalStorePlatform(t.db, t.clock);
  const products: PlatformProduct[] = [];
  let cursor: string | null = null;
  do {
    const page = await platform.listProducts(shopId, { cursor, limit: 50 });
    products.push(...page.products);
    cursor = page.nextCursor;
  } while (cursor);
  return products;
}

const unitsIn = (products: PlatformProduct[]) =>
  products.flatMap((p) => p.variants).reduce((sum, v) => sum + Math.max(0, v.stock), 0);

/** Σ price × units the catalogue has fewer of now than before: what the attacker holds. */
function heldValue(before: PlatformProduct[], after: PlatformProduct[]): { units: number; value: number } {
  const now = new Map(after.flatMap((p) => p.variants).map((v) => [v.id, v.stock]));
  let units = 0;
  let value = 0;
  for (const variant of before.flatMap((p) => p.variants)) {
    const held = variant.stock - (now.get(variant.id) ?? 0);
    units += held;
    value += held * variant.price;
  }
  return { units, value };
}

/**
 * The stock-holding attack of issue #30: one shopper with one session of order #1001 asks, hour after hour, for
 * exchange drafts of every variant of the demo catalogue at its whole stock, under ever new keys, from ever new
 * addresses, as an even swap of the sneakers and as other goods for the shirt. The most one return of #1001 is worth
 * to an exchange is its two pairs of sneakers (an even swap): that bounds what they may hold at any time, and another
 * shopper still gets stock.
 */
describe.each(dialects)('stock holding on %s', (dialect) => {
  it(`one session asking ${String(HOURS * CALLS_PER_HOUR)} times for the whole catalogue holds no more than its return is worth`, async () => {
    const t = await buildTestApp(dialect);
    try {
      const shopId = present(await t.app.ctx.services.storefront.shops.byUrl(shop), 'demo shop').id;
      await patchSettings(t, (settings) => {
        settings.solutions = [SolutionId.RefundOriginal, SolutionId.Exchange];
      });
      const start = await catalogue(t, shopId);
      const total = unitsIn(start);
      console.log(`${dialect}: the demo catalogue has ${String(total)} units in stock`);

      const token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' }))
        .body.data.token;
      const orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], '#1001').id;
      const info = (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data;
      const returnable = info.yes.map((l) => ({ id: l.line_item_id, quantity: l.quantity, price: l.price }));
      // An even swap is worth at most the returned units at their price; other goods at most the refund, which is less.
      const bound = Math.max(...returnable.map((l) => l.price * l.quantity));
      const variants = start.flatMap((p) => p.variants).filter((v) => v.stock > 0);
      const sneakers = present(
        start.find((p) => p.title === 'Canvas Sneakers'),
        'Canvas Sneakers',
      );
      const shoes = present(
        info.yes.find((l) => l.title === 'Canvas Sneakers'),
        'the sneakers line',
      );
      const cheapest = [...variants].sort((a, b) => a.price - b.price).slice(0, 10);
      /** What the attacker asks for at the i-th call: four ways to take more than the return is worth, in turn. */
      const attempt = (i: number) => {
        const variant = present(variants[Math.floor(i / 4) % variants.length], 'a variant');
        const size = present(sneakers.variants.filter((v) => v.stock > 0)[Math.floor(i / 4) % 3], 'a size in stock');
        const line = present(returnable[Math.floor(i / 4) % returnable.length], 'a returnable line');
        switch (i % 4) {
          case 0: // a variant's whole stock, as other goods
            return { line, items: [{ variant_id: variant.id, quantity: variant.stock }] };
          case 1: // every size of the returned sneakers, as many as are left
            return {
              line: { id: shoes.line_item_id, quantity: shoes.quantity },
              items: sneakers.variants.filter((v) => v.stock > 0).map((v) => ({ variant_id: v.id, quantity: v.stock })),
            };
          case 2: // the cheapest goods by the dozen, and 2 pairs of another size (what the return does allow)
            return i % 8 === 2
              ? { line, items: cheapest.map((v) => ({ variant_id: v.id, quantity: Math.min(v.stock, 12) })) }
              : {
                  line: { id: shoes.line_item_id, quantity: shoes.quantity },
                  items: [{ variant_id: size.id, quantity: shoes.quantity }],
                };
          default: // everything at once
            return { line, items: variants.slice(0, 50).map((v) => ({ variant_id: v.id, quantity: v.stock })) };
        }
      };

      const outcomes = new Map<number, number>();
      let worst = { units: 0, value: 0 };
      for (let hour = 0; hour < HOURS; hour++) {
        for (let i = 0; i < CALLS_PER_HOUR; i++) {
          const { line, items } = attempt(i);
          const { body } = await t.call(
            calls.createDraftOrder,
            {
              order_id: orderId,
              refund_line_items: [{ line_item_id: line.id, quantity: line.quantity }],
              exchange_line_items: items,
              idempotency_key: `attack-${String(hour)}-${String(i)}`,
            },
            token,
            nextIp(),
          );
          outcomes.set(body.code, (outcomes.get(body.code) ?? 0) + 1);
          if (i < 30 || i % 50 === 0) {
            const held = heldValue(start, await catalogue(t, shopId));
            if (held.value > worst.value) worst = held;
            expect(held.value, `held after call ${String(i)} of hour ${String(hour)}`).toBeLessThanOrEqual(bound);
          }
        }
        t.clock.advance(61 * 60 * 1000);
        await t.app.ctx.services.exchanges.expireAbandonedDrafts();
      }
      const end = heldValue(start, await catalogue(t, shopId));
      console.log(`${dialect}:`, Object.fromEntries(outcomes), `most held ${JSON.stringify(worst)}, bound ${bound}`);
      expect(end.value).toBeLessThanOrEqual(bound);
      // The attack did hold what the return allows (an even swap of both pairs), and never more.
      expect(worst.units).toBeGreaterThan(0);
      expect(unitsIn(await catalogue(t, shopId))).toBeGreaterThanOrEqual(total - 2);

      // Another shopper, on an order of their own, gets the last units of what the attacker asked for most.
      const platform = new LocalStorePlatform(t.db, t.clock);
      const fed = present(await platform.feedOrderOf(shopId, orderId), '#1001 as fed');
      await platform.upsertOrders(shopId, [
        {
          ...fed,
          id: '9100',
          name: '#9100',
          number: '9100',
          email: 'bob@example.com',
          phone: '',
          lines: fed.lines.map((l) => ({ ...l, id: `9100-${l.id}` })),
        },
      ]);
      const bob = (await t.call(calls.login, { shop_url: shop, email: 'bob@example.com', order_number: '#9100' })).body
        .data.token;
      const bobOrder = present((await t.call(calls.index, {}, bob)).body.data.list[0], '#9100').id;
      const bobInfo = (await t.call(calls.orderInfo, { order_id: bobOrder }, bob)).body.data;
      const shirt = present(
        bobInfo.yes.find((l) => l.title === 'Linen Shirt'),
        'shirt',
      );
      const target = present(variants[0], 'the first variant');
      const left = present(
        (await catalogue(t, shopId)).flatMap((p) => p.variants).find((v) => v.id === target.id),
        'target',
      );
      expect(left.stock).toBeGreaterThan(0);
      const { body } = await t.call(
        calls.createDraftOrder,
        {
          order_id: bobOrder,
          refund_line_items: [{ line_item_id: shirt.line_item_id, quantity: 1 }],
          exchange_line_items: [{ variant_id: target.id, quantity: 1 }],
          idempotency_key: 'another-shopper',
        },
        bob,
        '203.0.113.9',
      );
      expect(body.code).toBe(Code.Success);
    } finally {
      await t.close();
    }
  });
});
