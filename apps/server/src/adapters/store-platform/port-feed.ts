import type { FeedOrder } from '@return-center/contract';
import type { Db } from '../../db/database.js';

/** What became of one order fed: saved (made or updated), or refused on its own with why. */
export type FeedResult = { id: string; orderId: number; created: boolean } | { id: string; error: string };

/** A platform whose orders the merchant's own store feeds us, through the API, a webhook or an import (issue #11). */
export interface OrderIntake {
  /**
   * Saves orders fed by the merchant's own store in one transaction; an order whose number belongs to another is
   * refused on its own. Two feeds racing on the same new order both end as updates of one row.
   */
  upsertOrders(shopId: number, feed: FeedOrder[]): Promise<FeedResult[]>;
}

/** The intake writing through `db`, which may be the caller's transaction (a delivery recorded with its order). */
export type OrderIntakeOn = (db: Db) => OrderIntake;
