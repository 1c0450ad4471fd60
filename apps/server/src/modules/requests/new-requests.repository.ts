import { RequestStatus } from '@return-center/contract';
import { OPEN_REQUEST_STATUSES } from '@return-center/domain';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { ReturnItemsTable, ReturnRequestsTable } from '../../db/schema.js';
import type { DraftOrder, PlatformOrder } from '../../adapters/store-platform/port.js';

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

/** A request stored before fingerprints existed matches any retry. */
export const sameSubmit = (stored: string, fingerprint: string) => stored === '' || stored === fingerprint;

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

/** New requests: a shopper's submit, once its checks passed (modules/returns). */
export class NewRequestsRepository {
  constructor(private readonly db: Db) {}

  /** The request a shop's idempotency key made, if any (inside a transaction when `db` is one). */
  async byIdempotencyKey(shopId: number, key: string, db: Db = this.db) {
    return db
      .selectFrom('return_requests')
      .select(['id', 'order_id', 'submit_fingerprint'])
      .where('shop_id', '=', shopId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  }

  /**
   * Creates the request and its items in one transaction, unless the order already has an open one
   * (a request already made with the same idempotency key counts as this one when it asked for the same).
   * Two submits racing past the checks meet at our own unique indexes (one open request per shop order, one request
   * per idempotency key): the loser answers what the winner made. No lock on the platform's order is needed.
   */
  async createUnlessOpen(
    request: NewRequest,
    afterCreate: (trx: Db, id: number) => Promise<void>,
  ): Promise<{ created: number } | { open: number }> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const existing = await this.existingFor(trx, request);
        if (existing) return existing;
        const id = await insertRequest(trx, request);
        await afterCreate(trx, id);
        return { created: id };
      });
    } catch (error) {
      const winner = isUniqueViolation(error) ? await this.existingFor(this.db, request) : undefined;
      if (!winner) throw error;
      return winner;
    }
  }

  /** Whether one of the shop's requests holds this exchange draft order. */
  async holdsDraft(shopId: number, draftId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('return_requests')
      .select('id')
      .where('shop_id', '=', shopId)
      .where('exchange_draft_order_id', '=', draftId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The request this submit repeats (same idempotency key), or else the order's open one. */
  private async existingFor(db: Db, request: NewRequest): Promise<{ created: number } | { open: number } | undefined> {
    const repeated = await this.byIdempotencyKey(request.shop_id, request.idempotency_key, db);
    if (repeated)
      return sameSubmit(repeated.submit_fingerprint, request.submit_fingerprint ?? '')
        ? { created: repeated.id }
        : { open: repeated.id };
    const open = await db
      .selectFrom('return_requests')
      .select('id')
      .where('shop_id', '=', request.shop_id)
      .where('order_id', '=', request.order_id)
      .where('status', 'in', OPEN_REQUEST_STATUSES)
      .executeTakeFirst();
    return open ? { open: open.id } : undefined;
  }
}
