import { isId, type FeedShippingAddress } from '@return-center/contract';
import { normalizeOrderNumber } from '@return-center/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { jsonList } from './local-catalogue.js';
import type { OrderLinesTable, OrdersTable } from './local-schema.js';
import type { PlatformOrder } from './port.js';

/** Orders of the local platform, read from its own tables; every lookup is scoped to the shop. */

// The reads behind every sign-in and every signed-in call, compiled once.
const orderByNumber = prepared((db, shopId: number, orderNumber: string) =>
  db.selectFrom('orders').selectAll().where('shop_id', '=', shopId).where('order_number', '=', orderNumber),
);
const orderById = prepared((db, shopId: number, orderId: number) =>
  db.selectFrom('orders').selectAll().where('shop_id', '=', shopId).where('id', '=', orderId),
);
const linesByOrder = prepared((db, orderId: number) =>
  db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('id'),
);
const ordersByEmail = prepared((db, shopId: number, email: string) =>
  db
    .selectFrom('orders')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('email', '=', email)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc'),
);
const linesOfOrders = prepared((db, orderIds: number[]) =>
  db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('id'),
);

/** By the number the shopper types: "#1001", "1001" and " ds-1001 " find "1001" and "DS-1001". */
export async function findOrderByNumber(db: Db, shopId: number, orderNumber: string): Promise<PlatformOrder | null> {
  const [row] = await orderByNumber(db, shopId, normalizeOrderNumber(orderNumber));
  return row ? withLinesOf(db, row) : null;
}

export async function getOrder(db: Db, shopId: number, orderId: number): Promise<PlatformOrder | null> {
  const row = await orderRow(db, shopId, orderId);
  return row ? withLinesOf(db, row) : null;
}

/** The shop's orders placed with this email (any case), newest first. */
export async function listOrdersByEmail(db: Db, shopId: number, email: string): Promise<PlatformOrder[]> {
  return withLines(db, await ordersByEmail(db, shopId, email.trim().toLowerCase()));
}

/** True when the shop has an order placed with this email. */
export async function hasCustomer(db: Db, shopId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('shop_id', '=', shopId)
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Boolean(row);
}

/** The order's row when it is the shop's (an id no column can hold is no order). */
export async function orderRow(db: Db, shopId: number, orderId: number): Promise<Selectable<OrdersTable> | undefined> {
  if (!isId(orderId)) return undefined;
  return (await orderById(db, shopId, orderId))[0];
}

/** The lines of the shop's order, oldest first; none when the order is not the shop's. */
export async function linesOf(db: Db, shopId: number, orderId: number): Promise<Selectable<OrderLinesTable>[]> {
  if (!isId(orderId)) return [];
  return db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .selectAll('order_lines')
    .where('orders.shop_id', '=', shopId)
    .where('order_lines.order_id', '=', orderId)
    .orderBy('order_lines.id')
    .execute();
}

async function withLinesOf(db: Db, row: Selectable<OrdersTable>): Promise<PlatformOrder> {
  return toPlatformOrder(row, await linesByOrder(db, row.id));
}

async function withLines(db: Db, rows: Selectable<OrdersTable>[]): Promise<PlatformOrder[]> {
  if (rows.length === 0) return [];
  const lines = await linesOfOrders(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    toPlatformOrder(
      row,
      lines.filter((l) => l.order_id === row.id),
    ),
  );
}

function toPlatformOrder(row: Selectable<OrdersTable>, lines: Selectable<OrderLinesTable>[]): PlatformOrder {
  return {
    id: row.id,
    platformId: row.platform_id,
    name: row.order_name,
    number: row.order_number,
    email: row.email,
    phone: row.phone,
    currency: row.currency,
    subtotal: row.subtotal,
    discount: row.discount,
    tax: row.tax,
    shipping: row.shipping,
    total: row.total,
    createdAt: row.created_at,
    fulfilledAt: row.fulfilled_at,
    deliveredAt: row.delivered_at,
    refunded: row.refunded_at !== null,
    shippingAddress: row.shipping_address ? (JSON.parse(row.shipping_address) as FeedShippingAddress) : null,
    tags: jsonList(row.tags),
    discountCodes: jsonList(row.discount_codes),
    lines: lines.map((l) => ({
      id: l.id,
      platformId: l.platform_line_id,
      productId: l.product_id,
      variantId: l.variant_id,
      title: l.title,
      variantTitle: l.variant_title,
      sku: l.sku,
      image: l.image,
      price: l.price,
      quantity: l.quantity,
      discount: l.discount,
      tax: l.tax,
      tags: l.tags ? l.tags.split(',') : [],
      productType: l.product_type,
      vendor: l.vendor,
      collections: jsonList(l.collections),
      refundedQuantity: l.refunded_quantity,
    })),
  };
}
