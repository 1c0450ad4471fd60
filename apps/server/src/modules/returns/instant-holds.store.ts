import { nowSeconds, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';

/**
 * The holds the hold step started (instant_holds, migration 052): a hold exists before any request, so this is where a
 * submit learns which of the order's holds no request keeps. A row is `started`, then `kept` or `let_go`, once.
 */
export class InstantHoldRecords {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The hold of this draft, as started (a second start of the same hold changes nothing). */
  async started(hold: { shopId: number; orderId: number; draftId: string; paymentId: string; key: string }) {
    await this.db
      .insertInto('instant_holds')
      .values({
        shop_id: hold.shopId,
        draft_id: hold.draftId,
        order_id: hold.orderId,
        payment_id: hold.paymentId,
        hold_key: hold.key,
        state: 'started',
        created_at: nowSeconds(this.clock),
      })
      .onConflict((oc) => oc.columns(['shop_id', 'draft_id']).doNothing())
      .execute();
  }

  /** The order's holds no request keeps and none let go yet, oldest first. */
  unused(shopId: number, orderId: number, db: Db = this.db) {
    return db
      .selectFrom('instant_holds')
      .select(['draft_id', 'payment_id', 'hold_key'])
      .where('shop_id', '=', shopId)
      .where('order_id', '=', orderId)
      .where('state', '=', 'started')
      .orderBy('created_at')
      .execute();
  }

  /** Moves the draft's hold on from `started`: kept by a request, or let go. Pass a transaction to commit with it. */
  async settle(shopId: number, draftId: string, state: 'kept' | 'let_go', db: Db = this.db): Promise<void> {
    await db
      .updateTable('instant_holds')
      .set({ state })
      .where('shop_id', '=', shopId)
      .where('draft_id', '=', draftId)
      .where('state', '=', 'started')
      .execute();
  }
}
