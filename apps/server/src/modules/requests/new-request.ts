import { RequestStatus } from '@return-center/contract';
import type { Insertable } from 'kysely';
import type { DraftOrder, PlatformOrder } from '../../adapters/store-platform/port.js';
import type { Db } from '../../db/database.js';
import type { ReturnItemsTable, ReturnRequestsTable } from '../../db/schema.js';

/**
 * A new request as the requests module stores it: what it keeps of its order, lines and exchange items. A submit
 * (NewRequestsService) and the demo seed store one through insertRequest.
 */

/** What an exchange request keeps of its new items (return_requests.exchange_items). */
export interface ExchangeItem {
  variant_id: number;
  product_id: number;
  title: string;
  variant_title: string;
  price: number;
  quantity: number;
}

export const exchangeItemsOf = (draft: DraftOrder): ExchangeItem[] =>
  draft.lines.map((line) => ({
    variant_id: line.variantId,
    product_id: line.productId,
    title: line.title,
    variant_title: line.variantTitle,
    price: line.price,
    quantity: line.quantity,
  }));

/** A request row as submitted (status and updated_at are set here), with its item rows. */
export type NewRequest = Omit<Insertable<ReturnRequestsTable>, 'status' | 'updated_at'> & {
  created_at: number;
  items: Omit<Insertable<ReturnItemsTable>, 'request_id'>[];
};

/** What a request keeps of its order, so it never needs the platform's copy again (issue #11). */
export function orderSnapshot(order: PlatformOrder) {
  return { order_name: order.name, order_number: order.number, customer_email: order.email };
}

/** What an item keeps of its order line, as it was at the request. */
export function lineSnapshot(order: PlatformOrder, lineId: number) {
  const line = order.lines.find((l) => l.id === lineId);
  if (!line) throw new Error(`line ${lineId} is not on order ${order.id}`);
  return {
    order_line_id: line.id,
    title: line.title,
    variant_title: line.variantTitle,
    sku: line.sku,
    image: line.image,
    product_id: line.productId,
    variant_id: line.variantId,
    price: line.price,
    discount: line.discount,
    tax: line.tax,
    line_quantity: line.quantity,
  };
}

/**
 * Stores a request and its items as they are, without the checks of a submit, in `db` (the caller's transaction): a
 * submit's (createUnlessOpen), and the demo seed's.
 */
export async function insertRequest(db: Db, request: NewRequest, status: number = RequestStatus.PendingReview) {
  const { items, ...row } = request;
  const inserted = await db
    .insertInto('return_requests')
    .values({ ...row, status, updated_at: row.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('return_items')
    .values(items.map((item) => ({ ...item, request_id: inserted.id })))
    .execute();
  return inserted.id;
}

/** A request stored before fingerprints existed matches any retry. */
export const sameSubmit = (stored: string, fingerprint: string) => stored === '' || stored === fingerprint;
