import { RequestStatus } from '@return-center/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { ReturnRequestsTable } from '../../db/schema.js';

const REQUEST_COLUMNS = [
  'id',
  'gift_email',
  'order_id',
  'status',
  'solution_id',
  'shipping_method_id',
  'refund',
  'currency',
  'created_at',
] as const;
export type RequestRow = Pick<Selectable<ReturnRequestsTable>, (typeof REQUEST_COLUMNS)[number]>;

/** Units per order line id held by open requests, and returned by completed ones (rejected ones hold none). */
export interface RequestedUnits {
  open: Map<number, number>;
  completed: Map<number, number>;
}

// The reads of the orders list and every order page, compiled once per number of orders.
const requestsWithItems = prepared((db, shopId: number, orderIds: number[]) =>
  db
    .selectFrom('return_requests')
    .leftJoin('return_items', 'return_items.request_id', 'return_requests.id')
    .select(REQUEST_COLUMNS.map((column) => `return_requests.${column}` as const))
    .select(['return_items.order_line_id as line_id', 'return_items.quantity as quantity'])
    .where('return_requests.shop_id', '=', shopId)
    .where('return_requests.order_id', 'in', orderIds)
    .orderBy('return_requests.id', 'desc'),
);
const requestsOf = prepared((db, shopId: number, orderIds: number[]) =>
  db
    .selectFrom('return_requests')
    .select(REQUEST_COLUMNS)
    .where('shop_id', '=', shopId)
    .where('order_id', 'in', orderIds)
    .orderBy('id', 'desc'),
);

/** Our own records about platform orders: the return requests made against them. */
export class OrdersRepository {
  constructor(private readonly db: Db) {}

  /** The requests of these orders (but `exceptRequest`), newest first, and the units their lines hold: one query. */
  async requestsWithUnits(
    shopId: number,
    orderIds: number[],
    exceptRequest?: number,
  ): Promise<{ requests: RequestRow[]; requested: RequestedUnits }> {
    const requested: RequestedUnits = { open: new Map(), completed: new Map() };
    if (orderIds.length === 0) return { requests: [], requested };
    const rows = await requestsWithItems(this.db, shopId, orderIds);
    const requests = new Map<number, RequestRow>();
    for (const { line_id, quantity, ...request } of rows) {
      if (request.id === exceptRequest) continue;
      if (!requests.has(request.id)) requests.set(request.id, request);
      if (line_id === null || quantity === null || request.status === RequestStatus.Rejected) continue;
      const totals = request.status === RequestStatus.Completed ? requested.completed : requested.open;
      totals.set(line_id, (totals.get(line_id) ?? 0) + quantity);
    }
    return { requests: [...requests.values()], requested };
  }

  /** Requests of these orders, newest first. */
  async requestsFor(shopId: number, orderIds: number[]): Promise<RequestRow[]> {
    if (orderIds.length === 0) return [];
    return requestsOf(this.db, shopId, orderIds);
  }
}
