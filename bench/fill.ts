/** Many orders, fast: generated feed orders written by the server's own bulk path (upsertFeedOrders), in transactions. */
import type { FeedOrder } from '@return-center/contract';
import { upsertFeedOrders } from '../apps/server/src/adapters/store-platform/local-feed.js';
import type { Db } from '../apps/server/src/db/database.js';

const DAY = 86_400;
/** Orders per transaction (upsertFeedOrders splits them into multi-row inserts of 1,000). */
const BATCH = 5000;
/** Order numbers of generated orders start here, far from the demo's (1001…) and the submit run's (200000…). */
const FIRST_NUMBER = 10_000_000;
/** Shoppers the generated orders belong to: ten orders each at a million. */
const SHOPPERS = 100_000;

export const benchOrderNumber = (i: number) => String(FIRST_NUMBER + i);
export const benchOrderEmail = (i: number) => `shopper${String(i % SHOPPERS)}@example.com`;

/** The i-th generated order: one to three lines, most delivered in the return window, some refunded. */
export function benchOrder(i: number, now: number): FeedOrder {
  const created = now - (1 + (i % 60)) * DAY;
  const lines = Array.from({ length: 1 + (i % 3) }, (_, j) => ({
    id: `${String(i)}-${String(j)}`,
    product_id: 100 + j,
    variant_id: 1000 + j,
    title: ['Rain Jacket', 'Wool Socks', 'Trail Cap'][j] ?? 'Item',
    variant_title: '',
    sku: `SKU-${String(j)}`,
    image: '',
    price: 1200 + 700 * j,
    quantity: 1 + (j % 2),
    discount: 0,
    tax: 240,
    tags: [],
    product_type: ['Outerwear', 'Socks', 'Hats'][j] ?? '',
    vendor: 'Fernhill Supply Co.',
    // Every fifth order's socks were on sale: what a rule on a collection looks at.
    collections: j === 1 && i % 5 === 0 ? ['Sale'] : [],
  }));
  return {
    id: `bench-${String(i)}`,
    name: `#${benchOrderNumber(i)}`,
    number: benchOrderNumber(i),
    email: benchOrderEmail(i),
    phone: '',
    first_name: 'Bench',
    last_name: `Shopper ${String(i % SHOPPERS)}`,
    currency: 'EUR',
    created_at: created,
    fulfilled_at: created + DAY,
    delivered_at: i % 4 === 0 ? null : created + 3 * DAY,
    shipping: 495,
    shipping_address: null,
    tags: [],
    discount_codes: [],
    lines,
    refunds:
      i % 10 === 0 ? [{ id: 'r', created_at: created + DAY, lines: [{ line_id: `${String(i)}-0`, quantity: 1 }] }] : [],
  };
}

/** Adds generated orders `from` … `to - 1` to the shop; answers the seconds it took. */
export async function fillOrders(
  db: Db,
  shopId: number,
  from: number,
  to: number,
  now: number,
  progress: (done: number) => void = () => {},
): Promise<number> {
  const started = performance.now();
  let lastReport = started;
  for (let start = from; start < to; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, to - start) }, (_, k) => benchOrder(start + k, now));
    await db.transaction().execute(async (trx) => {
      const results = await upsertFeedOrders(trx, shopId, batch);
      const failed = results.find((r) => 'error' in r);
      if (failed && 'error' in failed) throw new Error(`Filling orders: ${failed.id}: ${failed.error}`);
    });
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      progress(start + batch.length);
    }
  }
  return (performance.now() - started) / 1000;
}
