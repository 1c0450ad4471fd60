import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ReturnItemsTable, ReturnRequestsTable } from '../../db/schema.js';

export type RequestRecord = Selectable<ReturnRequestsTable>;
export type ItemRecord = Selectable<ReturnItemsTable>;

export interface ListFilter {
  status?: number;
  orderNumber?: string;
  email?: string;
  createdFrom?: number;
  createdTo?: number;
  cursor?: number;
  limit: number;
}

export class RequestsRepository {
  constructor(private readonly db: Db) {}

  byId(id: number): Promise<RequestRecord | undefined> {
    return this.db.selectFrom('return_requests').selectAll().where('id', '=', id).executeTakeFirst();
  }

  items(requestId: number): Promise<ItemRecord[]> {
    return this.db.selectFrom('return_items').selectAll().where('request_id', '=', requestId).orderBy('id').execute();
  }

  events(requestId: number) {
    return this.db
      .selectFrom('request_events')
      .select(['actor', 'action', 'from_status', 'to_status', 'note', 'at'])
      .where('request_id', '=', requestId)
      .orderBy('id')
      .execute();
  }

  /** Newest first; `cursor` is the last id of the previous page. */
  async list(shopId: number, filter: ListFilter) {
    let query = this.db
      .selectFrom('return_requests')
      .innerJoin('orders', 'orders.id', 'return_requests.order_id')
      .selectAll('return_requests')
      .select(['orders.order_name', 'orders.email'])
      .where('return_requests.shop_id', '=', shopId)
      .orderBy('return_requests.id', 'desc')
      .limit(filter.limit + 1);
    if (filter.status !== undefined) query = query.where('return_requests.status', '=', filter.status);
    if (filter.orderNumber)
      query = query.where('orders.order_number', '=', filter.orderNumber.replace(/^#/, '').toUpperCase());
    if (filter.email) query = query.where('orders.email', '=', filter.email);
    if (filter.createdFrom !== undefined) query = query.where('return_requests.created_at', '>=', filter.createdFrom);
    if (filter.createdTo !== undefined) query = query.where('return_requests.created_at', '<=', filter.createdTo);
    if (filter.cursor !== undefined) query = query.where('return_requests.id', '<', filter.cursor);
    const rows = await query.execute();
    const page = rows.slice(0, filter.limit);
    return { rows: page, nextCursor: rows.length > filter.limit ? (page.at(-1)?.id ?? null) : null };
  }
}
