import { sql, type Selectable } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import type { WebhookDeliveriesTable, WebhookEndpointsTable, WebhookEventsTable } from '../../db/webhooks-schema.js';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type EventRow = Selectable<WebhookEventsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type DeliveryWithEvent = DeliveryRow & { public_id: string; type: string; payload: string };

/** The webhook tables: a shop's endpoints, its events (once each), and their deliveries. */
export class WebhooksRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  endpoints(shopId: number): Promise<EndpointRow[]> {
    return this.db.selectFrom('webhook_endpoints').selectAll().where('shop_id', '=', shopId).orderBy('id').execute();
  }

  /** One endpoint of the shop; undefined for another shop's. */
  endpoint(shopId: number, id: number): Promise<EndpointRow | undefined> {
    return this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  endpointById(id: number): Promise<EndpointRow | undefined> {
    return this.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async addEndpoint(row: Omit<EndpointRow, 'id'>): Promise<EndpointRow> {
    return this.db.insertInto('webhook_endpoints').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async changeEndpoint(id: number, change: Partial<Omit<EndpointRow, 'id' | 'shop_id'>>): Promise<EndpointRow> {
    return this.db
      .updateTable('webhook_endpoints')
      .set(change)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Stores the event once (a second publish of the same key finds the first) and a pending delivery to each endpoint
   * given; answers the event and the deliveries made now. On PostgreSQL a shop's events are numbered one at a time, so
   * a feed reader never sees a later sequence commit before an earlier one.
   */
  async addEvent(
    event: Omit<EventRow, 'id'>,
    endpointIds: number[],
    now: number,
  ): Promise<{ event: EventRow; deliveries: number[] }> {
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres')
        await sql`select pg_advisory_xact_lock(${WEBHOOK_EVENTS_LOCK}, ${event.shop_id})`.execute(trx);
      const found = await trx
        .selectFrom('webhook_events')
        .selectAll()
        .where('shop_id', '=', event.shop_id)
        .where('event_key', '=', event.event_key)
        .executeTakeFirst();
      if (found) return { event: found, deliveries: [] };
      const stored = await trx.insertInto('webhook_events').values(event).returningAll().executeTakeFirstOrThrow();
      const deliveries =
        endpointIds.length === 0
          ? []
          : await trx
              .insertInto('webhook_deliveries')
              .values(
                endpointIds.map((endpointId) => ({
                  endpoint_id: endpointId,
                  event_id: stored.id,
                  status: 'pending' as const,
                  attempts: 0,
                  response_status: 0,
                  latency_ms: 0,
                  response_body: '',
                  next_attempt_at: now,
                  created_at: now,
                })),
              )
              .returning('id')
              .execute();
      return { event: stored, deliveries: deliveries.map((row) => row.id) };
    });
  }

  /** The shop's events after a sequence, oldest first. */
  eventsAfter(shopId: number, after: number, limit: number, type?: string): Promise<EventRow[]> {
    let query = this.db
      .selectFrom('webhook_events')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit);
    if (type) query = query.where('type', '=', type);
    return query.execute();
  }

  private withEvent() {
    return this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .selectAll('d')
      .select(['e.public_id', 'e.type', 'e.payload']);
  }

  delivery(id: number): Promise<DeliveryWithEvent | undefined> {
    return this.withEvent().where('d.id', '=', id).executeTakeFirst();
  }

  deliveries(endpointId: number, limit: number, status?: DeliveryRow['status']): Promise<DeliveryWithEvent[]> {
    let query = this.withEvent().where('d.endpoint_id', '=', endpointId).orderBy('d.id', 'desc').limit(limit);
    if (status) query = query.where('d.status', '=', status);
    return query.execute();
  }

  /** The endpoint's failed deliveries and how often each was tried. */
  failedDeliveries(endpointId: number): Promise<{ id: number; attempts: number }[]> {
    return this.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'attempts'])
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', 'failed')
      .orderBy('id')
      .execute();
  }

  async changeDelivery(id: number, change: Partial<Omit<DeliveryRow, 'id'>>): Promise<void> {
    await this.db.updateTable('webhook_deliveries').set(change).where('id', '=', id).execute();
  }

  /** Every delivery still being tried for the endpoint fails (it was turned off). */
  async failPending(endpointId: number): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', next_attempt_at: null })
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', 'pending')
      .execute();
  }
}

/** The advisory lock's first key: the shop id is its second. */
const WEBHOOK_EVENTS_LOCK = 34;
