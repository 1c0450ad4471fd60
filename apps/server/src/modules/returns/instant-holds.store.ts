import { nowSeconds, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';

/** Holds being let go: claimed from `started` before the provider is asked, `let_go` once it answered. */
const LETTING_GO = ['releasing', 'let_go'];

/**
 * The holds the hold step started (instant_holds, migration 052): a hold exists before any request, so this is where a
 * submit learns which of the order's holds no request keeps. A row is `started`, then either `kept` by a request or
 * `releasing` and then `let_go`. Each move is conditional on the state before it, so a hold is kept or let go, never
 * both.
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

  /**
   * The order's holds no request keeps and not let go yet (or left half way by a job that failed), oldest first; with
   * `startedBy` (unix seconds), only those started then or before.
   */
  unused(shopId: number, orderId: number, { startedBy, db = this.db }: { startedBy?: number; db?: Db } = {}) {
    let query = db
      .selectFrom('instant_holds')
      .select(['draft_id', 'payment_id', 'hold_key'])
      .where('shop_id', '=', shopId)
      .where('order_id', '=', orderId)
      .where('state', 'in', ['started', 'releasing']);
    if (startedBy !== undefined) query = query.where('created_at', '<=', startedBy);
    return query.orderBy('created_at').execute();
  }

  /**
   * The orders with holds started by `startedBy` that no request kept, with when the newest of them started, a batch at
   * a time.
   */
  abandoned(startedBy: number) {
    return this.db
      .selectFrom('instant_holds')
      .select((eb) => ['shop_id', 'order_id', eb.fn.max<number>('created_at').as('newest')])
      .where('state', '=', 'started')
      .where('created_at', '<=', startedBy)
      .groupBy(['shop_id', 'order_id'])
      .limit(500)
      .execute();
  }

  /**
   * In the transaction that stores a request: the draft's hold is the request's now. Answers false when it is being let
   * go or was (the request must not keep it); true too when the hold step recorded no such hold.
   */
  async keep(shopId: number, draftId: string, trx: Db): Promise<boolean> {
    const kept = await this.move(trx, shopId, draftId, ['started'], 'kept');
    if (kept) return true;
    const row = await trx
      .selectFrom('instant_holds')
      .select('state')
      .where('shop_id', '=', shopId)
      .where('draft_id', '=', draftId)
      .executeTakeFirst();
    return !row || !LETTING_GO.includes(row.state);
  }

  /** Claims the hold for letting go, unless a request kept it meanwhile; a claim left by a failed job is taken again. */
  claim(shopId: number, draftId: string): Promise<boolean> {
    return this.move(this.db, shopId, draftId, ['started', 'releasing'], 'releasing');
  }

  /** The provider let the claimed hold go (or had already). */
  async letGone(shopId: number, draftId: string): Promise<void> {
    await this.move(this.db, shopId, draftId, ['releasing'], 'let_go');
  }

  private async move(db: Db, shopId: number, draftId: string, from: string[], to: string): Promise<boolean> {
    const moved = await db
      .updateTable('instant_holds')
      .set({ state: to })
      .where('shop_id', '=', shopId)
      .where('draft_id', '=', draftId)
      .where('state', 'in', from)
      .executeTakeFirst();
    return moved.numUpdatedRows > 0n;
  }
}
