import type { Analytics } from '@return-center/contract';
import type { Db } from '../../db/database.js';
import type { Shop } from '../storefront-config/shop.js';

const PRODUCTS = 10;
const REASONS = 5;

/** The most returned products of the requests created in a range (units), each with its reasons, most given first. */
export async function reasonsByProduct(
  db: Db,
  shop: Shop,
  from: number,
  to: number,
): Promise<Analytics['reasons_by_product']> {
  const rows = await db
    .selectFrom('return_items')
    .innerJoin('return_requests', 'return_requests.id', 'return_items.request_id')
    .select(['return_items.product_id', 'return_items.reason_id'])
    .select((eb) => [
      eb.fn.max('return_items.title').as('title'),
      eb.fn.max('return_items.reason_text').as('text'),
      eb.fn.sum<number | string>('return_items.quantity').as('units'),
    ])
    .where('return_requests.shop_id', '=', shop.id)
    .where('return_requests.created_at', '>=', from)
    .where('return_requests.created_at', '<=', to)
    .groupBy(['return_items.product_id', 'return_items.reason_id'])
    .execute();
  const reasonText = new Map(shop.settings.reasons.map((reason) => [reason.id, reason.text]));
  const products = new Map<number, Analytics['reasons_by_product'][number]>();
  for (const row of rows) {
    const product = products.get(row.product_id) ?? { product: row.title, returned: 0, reasons: [] };
    const units = Number(row.units);
    product.returned += units;
    product.reasons.push({ reason: reasonText.get(row.reason_id) ?? row.text, count: units });
    products.set(row.product_id, product);
  }
  return [...products.values()]
    .sort((a, b) => b.returned - a.returned || a.product.localeCompare(b.product))
    .slice(0, PRODUCTS)
    .map((product) => ({
      ...product,
      reasons: product.reasons.sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)).slice(0, REASONS),
    }));
}
