import type { FeedOrder, FeedShippingAddress } from '@return-center/contract';
import type { Db } from '../../db/database.js';
import { jsonList } from './local-catalogue.js';
import type { FeedResult } from './port-feed.js';

const numberTaken = (number: string, holder: string) => `Order number ${number} already belongs to order ${holder}`;
type LineColumn = Exclude<keyof ReturnType<typeof lineRows>[number], 'order_id' | 'platform_line_id'>;
/** What an update of a fed order may change in one of its lines: every column but its order and platform id. */
const LINE_COLUMNS = Object.keys({
  product_id: true,
  variant_id: true,
  title: true,
  variant_title: true,
  sku: true,
  image: true,
  price: true,
  quantity: true,
  discount: true,
  tax: true,
  tags: true,
  product_type: true,
  vendor: true,
  collections: true,
  refunded_quantity: true,
} satisfies Record<LineColumn, true>) as LineColumn[];
/** Rows per multi-row insert: well under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const ROWS_PER_INSERT = 1000;

/**
 * Writes orders of a merchant-fed store, matched by the store's own ids: new orders are added in a few multi-row
 * statements (a bulk import is mostly new orders), known ones are replaced one by one, their lines keeping their ids
 * so requests and shoppers' selections still point at them. An order whose number another order holds is refused on
 * its own. Run it inside a transaction.
 */
export async function upsertFeedOrders(db: Db, shopId: number, orders: FeedOrder[]): Promise<FeedResult[]> {
  if (orders.length === 0) return [];
  const results = new Map<number, FeedResult>();
  const holders = new Map(
    (
      await db
        .selectFrom('orders')
        .select(['order_number', 'platform_id'])
        .where('shop_id', '=', shopId)
        .where('order_number', 'in', unique(orders.map((o) => o.number)))
        .execute()
    ).map((r) => [r.order_number, r.platform_id]),
  );
  const known = new Map(
    (
      await db
        .selectFrom('orders')
        .select(['id', 'platform_id'])
        .where('shop_id', '=', shopId)
        .where('platform_id', 'in', unique(orders.map((o) => o.id)))
        .execute()
    ).map((r) => [r.platform_id, r.id]),
  );

  const fresh: [number, FeedOrder][] = [];
  const updates: [number, FeedOrder][] = [];
  const freshIds = new Set<string>();
  for (const [index, order] of orders.entries()) {
    const holder = holders.get(order.number);
    if (holder !== undefined && holder !== order.id) {
      results.set(index, { id: order.id, error: numberTaken(order.number, holder) });
      continue;
    }
    holders.set(order.number, order.id);
    if (known.has(order.id) || freshIds.has(order.id)) updates.push([index, order]);
    else {
      fresh.push([index, order]);
      freshIds.add(order.id);
    }
  }

  const customers = await upsertCustomers(
    db,
    shopId,
    [...fresh, ...updates].map(([, o]) => o),
  );
  const customerOf = (order: FeedOrder) => customers.get(order.email) ?? 0;

  const inserted = new Map<string, number>();
  for (const chunk of chunks(fresh, ROWS_PER_INSERT))
    for (const row of await db
      .insertInto('orders')
      .values(chunk.map(([, o]) => ({ ...orderRow(o, customerOf(o)), shop_id: shopId, platform_id: o.id })))
      .returning(['id', 'platform_id'])
      .execute())
      inserted.set(row.platform_id, row.id);
  const freshLines = fresh.flatMap(([, o]) => lineRows(o, inserted.get(o.id) ?? 0));
  for (const chunk of chunks(freshLines, ROWS_PER_INSERT)) await db.insertInto('order_lines').values(chunk).execute();
  for (const [index, order] of fresh)
    results.set(index, { id: order.id, orderId: inserted.get(order.id) ?? 0, created: true });

  for (const [index, order] of updates) {
    const orderId = known.get(order.id) ?? inserted.get(order.id) ?? 0;
    await replaceOrder(db, orderId, order, customerOf(order));
    results.set(index, { id: order.id, orderId, created: false });
  }
  return orders.map((order, index) => results.get(index) ?? { id: order.id, error: 'Not saved' });
}

/**
 * The shop's order as its store would feed it again (null when the shop has no such order): put it back changed
 * through upsertOrders to change the order as a store would. Refunded units come back as one refund dated when the
 * order was refunded (or placed, when only some units were).
 */
export async function feedOrderOf(db: Db, shopId: number, orderId: number): Promise<FeedOrder | null> {
  const order = await db
    .selectFrom('orders')
    .leftJoin('customers', 'customers.id', 'orders.customer_id')
    .selectAll('orders')
    .select(['customers.first_name', 'customers.last_name'])
    .where('orders.shop_id', '=', shopId)
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!order) return null;
  const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
  const refunded = lines.filter((l) => l.refunded_quantity > 0);
  return {
    id: order.platform_id,
    name: order.order_name,
    number: order.order_number,
    email: order.email,
    phone: order.phone,
    first_name: order.first_name ?? '',
    last_name: order.last_name ?? '',
    currency: order.currency,
    created_at: order.created_at,
    fulfilled_at: order.fulfilled_at,
    delivered_at: order.delivered_at,
    shipping: order.shipping,
    shipping_address: order.shipping_address ? (JSON.parse(order.shipping_address) as FeedShippingAddress) : null,
    tags: jsonList(order.tags),
    discount_codes: jsonList(order.discount_codes),
    lines: lines.map((l) => ({
      id: l.platform_line_id,
      product_id: l.product_id,
      variant_id: l.variant_id,
      title: l.title,
      variant_title: l.variant_title,
      sku: l.sku,
      image: l.image,
      price: l.price,
      quantity: l.quantity,
      discount: l.discount,
      tax: l.tax,
      tags: l.tags ? l.tags.split(',') : [],
      product_type: l.product_type,
      vendor: l.vendor,
      collections: jsonList(l.collections),
    })),
    refunds:
      refunded.length === 0
        ? []
        : [
            {
              id: 'refunded',
              created_at: order.refunded_at ?? order.created_at,
              lines: refunded.map((l) => ({ line_id: l.platform_line_id, quantity: l.refunded_quantity })),
            },
          ],
  };
}

async function replaceOrder(db: Db, orderId: number, order: FeedOrder, customerId: number) {
  await db.updateTable('orders').set(orderRow(order, customerId)).where('id', '=', orderId).execute();
  const existing = new Map(
    (await db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).execute()).map((l) => [
      l.platform_line_id,
      l,
    ]),
  );
  const rows = lineRows(order, orderId);
  const added = rows.filter((l) => !existing.has(l.platform_line_id));
  if (added.length > 0) await db.insertInto('order_lines').values(added).execute();
  // A store sends the whole order again for any change (and a resync sends it unchanged): only changed lines are
  // written, all in one statement: an insert of rows that exist, by their ids, turned into an update of each.
  const changed = rows.flatMap((line) => {
    const before = existing.get(line.platform_line_id);
    const differs = before && (Object.keys(line) as (keyof typeof line)[]).some((key) => line[key] !== before[key]);
    return before && differs ? [{ ...line, id: before.id }] : [];
  });
  if (changed.length > 0)
    await db
      .insertInto('order_lines')
      .values(changed)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => {
          const from = (column: LineColumn) => eb.ref(`excluded.${column}`);
          return Object.fromEntries(LINE_COLUMNS.map((column) => [column, from(column)]));
        }),
      )
      .execute();
  const kept = new Set(order.lines.map((l) => l.id));
  const gone = [...existing].filter(([platformId]) => !kept.has(platformId)).map(([, l]) => l.id);
  if (gone.length > 0) await db.deleteFrom('order_lines').where('id', 'in', gone).execute();
}

/** One customer per shop and email; the latest order's name and phone win. Answers their ids by email. */
async function upsertCustomers(db: Db, shopId: number, orders: FeedOrder[]): Promise<Map<string, number>> {
  const latest = new Map(orders.map((o) => [o.email, o]));
  const ids = new Map<string, number>();
  for (const chunk of chunks([...latest.values()], ROWS_PER_INSERT))
    for (const row of await db
      .insertInto('customers')
      .values(
        chunk.map((o) => ({
          shop_id: shopId,
          email: o.email,
          phone: o.phone,
          first_name: o.first_name,
          last_name: o.last_name,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['shop_id', 'email']).doUpdateSet((eb) => ({
          phone: eb.ref('excluded.phone'),
          first_name: eb.ref('excluded.first_name'),
          last_name: eb.ref('excluded.last_name'),
        })),
      )
      .returning(['id', 'email'])
      .execute())
      ids.set(row.email, row.id);
  return ids;
}

function orderRow(order: FeedOrder, customerId: number) {
  const refunded = refundedQuantities(order);
  const subtotal = sum(order.lines.map((l) => l.price * l.quantity));
  const discount = sum(order.lines.map((l) => l.discount));
  const tax = sum(order.lines.map((l) => l.tax));
  const fullyRefunded = order.lines.every((l) => (refunded.get(l.id) ?? 0) >= l.quantity);
  return {
    customer_id: customerId,
    order_name: order.name,
    order_number: order.number,
    email: order.email,
    phone: order.phone,
    currency: order.currency,
    subtotal,
    discount,
    tax,
    shipping: order.shipping,
    total: subtotal - discount + tax + order.shipping,
    created_at: order.created_at,
    fulfilled_at: order.fulfilled_at,
    delivered_at: order.delivered_at,
    refunded_at: fullyRefunded ? Math.max(order.created_at, ...order.refunds.map((r) => r.created_at)) : null,
    shipping_address: order.shipping_address ? JSON.stringify(order.shipping_address) : '',
    tags: JSON.stringify(order.tags),
    discount_codes: JSON.stringify(order.discount_codes),
  };
}

function lineRows(order: FeedOrder, orderId: number) {
  const refunded = refundedQuantities(order);
  return order.lines.map((line) => ({
    order_id: orderId,
    platform_line_id: line.id,
    product_id: line.product_id,
    variant_id: line.variant_id,
    title: line.title,
    variant_title: line.variant_title,
    sku: line.sku,
    image: line.image,
    price: line.price,
    quantity: line.quantity,
    discount: line.discount,
    tax: line.tax,
    tags: line.tags.join(','),
    product_type: line.product_type,
    vendor: line.vendor,
    collections: JSON.stringify(line.collections),
    refunded_quantity: refunded.get(line.id) ?? 0,
  }));
}

function refundedQuantities(order: FeedOrder): Map<string, number> {
  const refunded = new Map<string, number>();
  for (const refund of order.refunds)
    for (const part of refund.lines) refunded.set(part.line_id, (refunded.get(part.line_id) ?? 0) + part.quantity);
  return refunded;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const unique = <T>(values: T[]) => [...new Set(values)];
function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
