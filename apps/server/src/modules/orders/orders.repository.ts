import { RequestStatus } from '@return-center/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ReturnRequestsTable } from '../../db/schema.js';

const REQUEST_COLUMNS = [
  'id',
  'order_id',
  'status',
  'solution_id',
  'shipping_method_id',
  'refund',
  'currency',
  'created_at',
] as const;
export type RequestRow = Pick<Selectable<ReturnRequestsTable>, (typeof REQUEST_COLUMNS)[number]>;

/** Units per order line id held by open requests, and returned by completed ones. */
export interface RequestedUnits {
  open: Map<number, number>;
  completed: Map<number, number>;
}

/** Our own records about platform orders: the return requests made against them. */
export class OrdersRepository {
  constructor(private readonly db: Db) {}

  /** Units per order line held by requests that still count: open ones, and completed ones apart. */
  async requestedQuantities(orderIds: number[]): Promise<RequestedUnits> {
    const units: RequestedUnits = { open: new Map(), completed: new Map() };
    if (orderIds.length === 0) return units;
    const rows = await this.db
      .selectFrom('return_items')
      .innerJoin('return_requests', 'return_requests.id', 'return_items.request_id')
      .select([
        'return_items.order_line_id as line_id',
        'return_items.quantity as quantity',
        'return_requests.status as status',
      ])
      .where('return_requests.order_id', 'in', orderIds)
      .where('return_requests.status', '!=', RequestStatus.Rejected)
      .execute();
    for (const row of rows) {
      const totals = row.status === RequestStatus.Completed ? units.completed : units.open;
      totals.set(row.line_id, (totals.get(row.line_id) ?? 0) + row.quantity);
    }
    return units;
  }

  /** Requests of these orders, newest first. */
  async requestsFor(shopId: number, orderIds: number[]): Promise<RequestRow[]> {
    if (orderIds.length === 0) return [];
    return this.db
      .selectFrom('return_requests')
      .select(REQUEST_COLUMNS)
      .where('shop_id', '=', shopId)
      .where('order_id', 'in', orderIds)
      .orderBy('id', 'desc')
      .execute();
  }
}
