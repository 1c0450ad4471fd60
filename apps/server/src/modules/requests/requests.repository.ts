import { RequestStatus, type RequestSort } from '@return-center/contract';
import { normalizeOrderNumber } from '@return-center/domain';
import type { Insertable } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { RequestEventsTable } from '../../db/schema.js';
import type { InspectionRecord, ItemRecord, RequestRecord } from './request-record.js';
import { refundDeadlinePage } from './refund-deadline-page.js';
import { deskConditions, type DeskFilter } from './request-search.js';

export interface ListFilter extends DeskFilter {
  status?: number;
  orderNumber?: string;
  email?: string;
  createdFrom?: number;
  createdTo?: number;
  reasonId?: number;
  solutionId?: number;
  methodId?: number;
  /** Only exchange requests: those that hold a draft order of new items (ADR 049). */
  exchangesOnly?: boolean;
  sort?: RequestSort;
  cursor?: number;
  limit: number;
}

/** One line of a request's audit trail (who did what, from which status to which); pass a transaction to commit with it. */
export const recordEvent = (db: Db, event: Insertable<RequestEventsTable>) =>
  db.insertInto('request_events').values(event).execute();

export const inspectionsOf: (db: Db, requestId: number) => Promise<InspectionRecord[]> = prepared(
  (db, requestId: number) =>
    db.selectFrom('item_inspections').selectAll().where('request_id', '=', requestId).orderBy('id'),
);

// The reads behind the status page, compiled once.
const requestById = prepared((db, id: number) => db.selectFrom('return_requests').selectAll().where('id', '=', id));
const itemsOf = prepared((db, requestId: number) =>
  db.selectFrom('return_items').selectAll().where('request_id', '=', requestId).orderBy('id'),
);

export class RequestsRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect = 'sqlite',
  ) {}

  async byId(id: number): Promise<RequestRecord | undefined> {
    return (await requestById(this.db, id))[0];
  }

  items(requestId: number): Promise<ItemRecord[]> {
    return itemsOf(this.db, requestId);
  }

  /** The desk's inspection of the request's units at receipt (issue 33); none before a detailed receipt. */
  inspections(requestId: number): Promise<InspectionRecord[]> {
    return inspectionsOf(this.db, requestId);
  }

  /** The inspections of many requests (the export), in the order they were made. */
  async inspectionsOfMany(requestIds: number[]): Promise<InspectionRecord[]> {
    if (requestIds.length === 0) return [];
    return this.db
      .selectFrom('item_inspections')
      .selectAll()
      .where('request_id', 'in', requestIds)
      .orderBy('id')
      .execute();
  }

  /** Stores the shopper's tracking and records it in the audit trail, in one transaction. */
  async recordTracking(
    request: RequestRecord,
    tracking: { number: string; carrier: string; proof: string[] },
    at: number,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('return_requests')
        .set({
          tracking_number: tracking.number,
          shipping_carrier: tracking.carrier,
          tracking_proof: JSON.stringify(tracking.proof),
          updated_at: at,
        })
        .where('id', '=', request.id)
        .execute();
      await recordEvent(trx, {
        request_id: request.id,
        actor: 'shopper',
        action: 'tracking',
        from_status: request.status,
        to_status: request.status,
        note: `${tracking.carrier} ${tracking.number}`,
        at,
      });
    });
  }

  /**
   * A new pickup for the request; when it is approved (already booked or being booked), the booking is redone with it.
   * Only while the request is still before the pickup: a status that moved on in between changes nothing.
   */
  async recordPickup(
    request: RequestRecord,
    pickup: { json: string; note: string },
    at: number,
    rebook: (trx: Db) => Promise<void>,
  ) {
    return this.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('return_requests')
        .set({ pickup: pickup.json, updated_at: at })
        .where('id', '=', request.id)
        .where('status', '=', request.status)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return false;
      if (request.status === RequestStatus.Approved) await rebook(trx);
      await recordEvent(trx, {
        request_id: request.id,
        actor: 'shopper',
        action: 'pickup',
        from_status: request.status,
        to_status: request.status,
        note: pickup.note,
        at,
      });
      return true;
    });
  }

  events(requestId: number) {
    return this.db
      .selectFrom('request_events')
      .select(['actor', 'action', 'from_status', 'to_status', 'note', 'at'])
      .where('request_id', '=', requestId)
      .orderBy('id')
      .execute();
  }

  /** The shop's requests that pass every filter but the status (and the cursor). */
  private matching(shopId: number, filter: Omit<ListFilter, 'status' | 'cursor' | 'limit'>) {
    let query = this.db.selectFrom('return_requests').where('return_requests.shop_id', '=', shopId);
    if (filter.orderNumber)
      query = query.where('return_requests.order_number', '=', normalizeOrderNumber(filter.orderNumber));
    if (filter.email) query = query.where('return_requests.customer_email', '=', filter.email);
    if (filter.createdFrom !== undefined) query = query.where('return_requests.created_at', '>=', filter.createdFrom);
    if (filter.createdTo !== undefined) query = query.where('return_requests.created_at', '<=', filter.createdTo);
    if (filter.solutionId !== undefined) query = query.where('return_requests.solution_id', '=', filter.solutionId);
    if (filter.methodId !== undefined) query = query.where('return_requests.shipping_method_id', '=', filter.methodId);
    if (filter.exchangesOnly) query = query.where('return_requests.exchange_draft_order_id', '!=', '');
    if (filter.reasonId !== undefined) {
      const reasonId = filter.reasonId;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('return_items')
            .select('return_items.id')
            .whereRef('return_items.request_id', '=', 'return_requests.id')
            .where('return_items.reason_id', '=', reasonId),
        ),
      );
    }
    return query.where((eb) => eb.and(deskConditions(eb, filter, this.dialect)));
  }

  /** Newest first, or by refund deadline (refundDeadlinePage); `cursor` is the last id of the previous page. */
  async list(shopId: number, filter: ListFilter) {
    const matching = () => {
      const query = this.matching(shopId, filter)
        .selectAll('return_requests')
        .select(['return_requests.customer_email as email']);
      return filter.status === undefined ? query : query.where('return_requests.status', '=', filter.status);
    };
    if (filter.sort === 'refund_deadline') return refundDeadlinePage(this.db, shopId, matching, filter);
    let query = matching()
      .orderBy('return_requests.id', 'desc')
      .limit(filter.limit + 1);
    if (filter.cursor !== undefined) query = query.where('return_requests.id', '<', filter.cursor);
    const rows = await query.execute();
    const page = rows.slice(0, filter.limit);
    return { rows: page, nextCursor: rows.length > filter.limit ? (page.at(-1)?.id ?? null) : null };
  }

  /** How many requests of each status pass the same filters as `list` (the queue's tabs follow its search). */
  async countsMatching(shopId: number, filter: Omit<ListFilter, 'status' | 'cursor' | 'limit'>) {
    const rows = await this.matching(shopId, filter)
      .select(['return_requests.status', (eb) => eb.fn.countAll<number | string>().as('count')])
      .groupBy('return_requests.status')
      .execute();
    return Object.fromEntries(rows.map((row) => [String(row.status), Number(row.count)]));
  }

  /** The items of many requests (the CSV export's page), in order. */
  itemsOf(requestIds: readonly number[]): Promise<ItemRecord[]> {
    if (requestIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('return_items').selectAll().where('request_id', 'in', requestIds).orderBy('id').execute();
  }

  /** When each of many requests first took each action (approve, receive, refund…): the export's dates. */
  async firstActionsOf(requestIds: readonly number[]) {
    if (requestIds.length === 0) return [];
    return this.db
      .selectFrom('request_events')
      .select(['request_id', 'action', (eb) => eb.fn.min('at').as('at')])
      .where('request_id', 'in', requestIds)
      .groupBy(['request_id', 'action'])
      .execute();
  }

  /** A shopper's requests at the shop, for rules on their history: when, for which order, and what was refunded. */
  historyOf(shopId: number, email: string) {
    return this.db
      .selectFrom('return_requests')
      .select(['order_id', 'created_at', 'actual_refund'])
      .where('shop_id', '=', shopId)
      .where('customer_email', '=', email.toLowerCase())
      .execute();
  }

  /** `historyOf` for many shoppers (emails in lower case) in a read per 500 of them: the rules simulator's. */
  async historiesOf(shopId: number, emails: readonly string[]) {
    const rows = [];
    for (let start = 0; start < emails.length; start += 500)
      rows.push(
        ...(await this.db
          .selectFrom('return_requests')
          .select(['customer_email', 'order_id', 'created_at', 'actual_refund'])
          .where('shop_id', '=', shopId)
          .where('customer_email', 'in', emails.slice(start, start + 500))
          .execute()),
      );
    return rows;
  }

  /** The shop's latest requests with their items, newest first: what the rules simulator tries draft rules on. */
  async latestWithItems(shopId: number, limit: number) {
    const requests = await this.db
      .selectFrom('return_requests')
      .select(['id', 'order_id', 'order_name', 'customer_email', 'solution_id', 'shipping_method_id', 'money'])
      .select('created_at')
      .where('shop_id', '=', shopId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    const items = await this.db
      .selectFrom('return_items')
      .select(['request_id', 'order_line_id', 'quantity', 'price', 'discount', 'line_quantity', 'reason_id'])
      .select(['reason_group_id', 'description', 'proof'])
      .where('request_id', 'in', (eb) =>
        eb.selectFrom('return_requests').select('id').where('shop_id', '=', shopId).orderBy('id', 'desc').limit(limit),
      )
      .execute();
    const byRequest = new Map<number, typeof items>();
    for (const item of items) byRequest.set(item.request_id, [...(byRequest.get(item.request_id) ?? []), item]);
    return requests.map((request) => ({ ...request, items: byRequest.get(request.id) ?? [] }));
  }

  /** How many of the shop's requests are in each status. */
  async countsByStatus(shopId: number): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('return_requests')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('shop_id', '=', shopId)
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((row) => [String(row.status), Number(row.count)]));
  }
}
