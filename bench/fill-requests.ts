/**
 * Many return requests, fast, for the rules simulator: one per generated order (bench/fill.ts), every line of it,
 * written as copies of one request the real submit made, with that order's lines, money and dates.
 */
import type { ReturnMoney } from '@return-center/contract';
import type { Db } from '../apps/server/src/db/database.js';

const DAY = 86_400;
/** Requests per insert: a request row has some fifty columns and SQLite takes at most 32,766 values a statement. */
const CHUNK = 200;

/** Requests on the shop's generated orders (platform ids `bench-…`), as many as `count`; answers how many it made. */
export async function fillRequests(db: Db, shopId: number, templateId: number, count: number): Promise<number> {
  const { id: _id, ...template } = await db
    .selectFrom('return_requests')
    .selectAll()
    .where('id', '=', templateId)
    .executeTakeFirstOrThrow();
  const { id: _itemId, ...item } = await db
    .selectFrom('return_items')
    .selectAll()
    .where('request_id', '=', templateId)
    .executeTakeFirstOrThrow();
  const money = JSON.parse(template.money) as ReturnMoney;
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'platform_id', 'order_name', 'order_number', 'email', 'created_at'])
    .where('shop_id', '=', shopId)
    .where('platform_id', 'like', 'bench-%')
    .orderBy('id')
    .limit(count)
    .execute();
  let made = 0;
  for (let start = 0; start < orders.length; start += CHUNK) {
    const chunk = orders.slice(start, start + CHUNK);
    const lines = await db
      .selectFrom('order_lines')
      .selectAll()
      .where(
        'order_id',
        'in',
        chunk.map((order) => order.id),
      )
      .orderBy('id')
      .execute();
    await db.transaction().execute(async (trx) => {
      const rows = chunk.map((order, k) => {
        const subtotal = lines
          .filter((line) => line.order_id === order.id)
          .reduce((sum, line) => sum + line.price * line.quantity, 0);
        const refund = { ...money, origin_subtotal: subtotal, refund: subtotal, max_refund: subtotal, total: subtotal };
        const createdAt = order.created_at + (4 + ((start + k) % 20)) * DAY;
        return {
          ...template,
          order_id: order.id,
          platform_order_id: order.platform_id,
          order_name: order.order_name,
          order_number: order.order_number,
          customer_email: order.email,
          idempotency_key: `bench-request-${String(order.id)}`,
          money: JSON.stringify(refund),
          refund: subtotal,
          created_at: createdAt,
          updated_at: createdAt,
        };
      });
      const ids = await trx.insertInto('return_requests').values(rows).returning('id').execute();
      const items = chunk.flatMap((order, k) =>
        lines
          .filter((line) => line.order_id === order.id)
          .map((line) => ({
            ...item,
            request_id: ids[k]?.id ?? 0,
            order_line_id: line.id,
            quantity: line.quantity,
            title: line.title,
            sku: line.sku,
            product_id: line.product_id,
            variant_id: line.variant_id,
            price: line.price,
            discount: line.discount,
            tax: line.tax,
            line_quantity: line.quantity,
          })),
      );
      await trx.insertInto('return_items').values(items).execute();
    });
    made += chunk.length;
  }
  return made;
}
