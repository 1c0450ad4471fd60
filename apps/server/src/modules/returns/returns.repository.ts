import { RequestStatus } from '@return-center/contract';
import { OPEN_REQUEST_STATUSES } from '@return-center/domain';
import type { Insertable } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import type { ReturnItemsTable, ReturnRequestsTable } from '../../db/schema.js';

/** A request row as submitted (status and updated_at are set here), with its item rows. */
export type NewRequest = Omit<Insertable<ReturnRequestsTable>, 'status' | 'updated_at'> & {
  created_at: number;
  items: Omit<Insertable<ReturnItemsTable>, 'request_id'>[];
};

/** A request stored before fingerprints existed matches any retry. */
export const sameSubmit = (stored: string, fingerprint: string) => stored === '' || stored === fingerprint;

export class ReturnsRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  async byIdempotencyKey(shopId: number, key: string) {
    return this.db
      .selectFrom('return_requests')
      .select(['id', 'order_id', 'submit_fingerprint'])
      .where('shop_id', '=', shopId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  }

  /**
   * Creates the request and its items in one transaction, unless the order already has an open one
   * (a request already made with the same idempotency key counts as this one when it asked for the same).
   * The order row is locked on PostgreSQL so two different submits for one order cannot both pass;
   * SQLite serialises write transactions by itself.
   */
  async createUnlessOpen(
    request: NewRequest,
    afterCreate: (trx: Db, id: number) => Promise<void>,
  ): Promise<{ created: number } | { open: number }> {
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') {
        await trx.selectFrom('orders').select('id').where('id', '=', request.order_id).forUpdate().execute();
      }
      const repeated = await trx
        .selectFrom('return_requests')
        .select(['id', 'submit_fingerprint'])
        .where('shop_id', '=', request.shop_id)
        .where('idempotency_key', '=', request.idempotency_key)
        .executeTakeFirst();
      if (repeated) {
        return sameSubmit(repeated.submit_fingerprint, request.submit_fingerprint ?? '')
          ? { created: repeated.id }
          : { open: repeated.id };
      }
      const open = await trx
        .selectFrom('return_requests')
        .select('id')
        .where('order_id', '=', request.order_id)
        .where('status', 'in', OPEN_REQUEST_STATUSES)
        .executeTakeFirst();
      if (open) return { open: open.id };
      const { items, ...row } = request;
      const inserted = await trx
        .insertInto('return_requests')
        .values({ ...row, status: RequestStatus.PendingReview, updated_at: row.created_at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('return_items')
        .values(items.map((item) => ({ ...item, request_id: inserted.id })))
        .execute();
      await afterCreate(trx, inserted.id);
      return { created: inserted.id };
    });
  }
}
