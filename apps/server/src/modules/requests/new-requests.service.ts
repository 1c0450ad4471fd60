import { OPEN_REQUEST_STATUSES } from '@return-center/domain';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { insertRequest, sameSubmit, type NewRequest } from './new-request.js';

/** New requests: a shopper's submit, once its checks passed (modules/returns), stored by the table's owner. */
export class NewRequestsService {
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

  /** The order's open request (at most one: our unique index), if any. */
  openRequestOf(shopId: number, orderId: number, db: Db = this.db) {
    return db
      .selectFrom('return_requests')
      .select(['id', 'status'])
      .where('shop_id', '=', shopId)
      .where('order_id', '=', orderId)
      .where('status', 'in', OPEN_REQUEST_STATUSES)
      .executeTakeFirst();
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
    const open = await this.openRequestOf(request.shop_id, request.order_id, db);
    return open ? { open: open.id } : undefined;
  }
}
