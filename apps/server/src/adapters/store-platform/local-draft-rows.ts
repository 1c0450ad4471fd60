import { isId } from '@return-center/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PlatformDraftOrdersTable } from './local-schema.js';
import type { DraftOrder } from './port.js';

/** Reading the local platform's draft orders (`platform_draft_orders` and their lines) as the port's DraftOrder. */

const CHECKOUT_PATH = '/local-checkout/';

/** Local draft ids are the row's id in decimal. */
export function draftIdOf(draftId: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(draftId)) return null;
  const id = Number(draftId);
  return isId(id) ? id : null;
}

export async function byKey(db: Db, shopId: number, key: string): Promise<DraftOrder | null> {
  const row = await db
    .selectFrom('platform_draft_orders')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row ? toDraftOrder(db, row) : null;
}

/** The shop's draft by its id; null for another shop's draft or an id the local platform never gave. */
export async function getDraftOrder(db: Db, shopId: number, draftId: string): Promise<DraftOrder | null> {
  const id = draftIdOf(draftId);
  if (id === null) return null;
  const row = await db
    .selectFrom('platform_draft_orders')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toDraftOrder(db, row) : null;
}

const orderName = async (db: Db, orderId: number) =>
  (await db.selectFrom('orders').select('order_name').where('id', '=', orderId).executeTakeFirst())?.order_name ?? '';

async function toDraftOrder(db: Db, row: Selectable<PlatformDraftOrdersTable>): Promise<DraftOrder> {
  const status = row.status === 'paid' || row.status === 'cancelled' ? row.status : 'open';
  const lines = await db
    .selectFrom('platform_draft_order_lines')
    .select(['variant_id', 'product_id', 'title', 'variant_title', 'price', 'quantity'])
    .where('draft_order_id', '=', row.id)
    .orderBy('id')
    .execute();
  return {
    id: String(row.id),
    fromOrderId: row.order_id,
    lines: lines.map((line) => ({
      variantId: line.variant_id,
      productId: line.product_id,
      title: line.title,
      variantTitle: line.variant_title,
      price: line.price,
      quantity: line.quantity,
    })),
    subtotal: row.subtotal,
    credit: row.credit,
    checkoutUrl: status === 'open' ? `${CHECKOUT_PATH}${String(row.id)}` : '',
    total: row.total,
    currency: row.currency,
    status,
    orderId: row.completed_order_id,
    orderName: row.completed_order_id === null ? '' : await orderName(db, row.completed_order_id),
    refunded: row.refunded,
  };
}
