import type { CarrierTrackerEvent } from '../../adapters/carrier/port.js';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { Outbox } from '../jobs/outbox.js';
import { recordCarrierStatus } from '../requests/carrier-status.js';

/**
 * Applies the carrier's tracker events to the return whose label they track: the request keeps the latest status
 * and its timeline gets an entry. An event delivered again (carriers retry until they hear 2xx) changes nothing.
 */
export class CarrierWebhooksService {
  constructor(
    private readonly db: Db,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  /** Whether the event was applied now (false: seen before, or no return has that tracking number). */
  async apply(event: CarrierTrackerEvent): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const fresh = await trx
        .insertInto('carrier_events')
        .values({ event_id: event.id, received_at: nowSeconds(this.clock) })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (!fresh) return false;
      return recordCarrierStatus(trx, this.outbox, event.trackingCode, event.status, event.at);
    });
  }
}
