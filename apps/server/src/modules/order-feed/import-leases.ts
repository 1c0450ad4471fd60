import { randomBytes } from 'node:crypto';
import { Code } from '@return-center/contract';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';

/** A lease not renewed for this long belongs to a process that died: the next import takes it over. */
const STALE_SECONDS = 60;
/** How often a running import renews its lease. */
const RENEW_SECONDS = 10;

export const IMPORT_RUNNING =
  'An import of this shop is running: send the next batch once it has answered (one import call at a time)';

/**
 * One import call per shop at a time, across every instance on the database (issue #30): a second one is refused
 * at once with HTTP 409 instead of doubling the work, so a shop's key cannot pile maximal imports onto the server.
 */
export class ImportLeases {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Runs `work` holding the shop's lease; `renew` keeps a long import's lease from looking stale. */
  async hold<T>(shopId: number, work: (renew: () => Promise<void>) => Promise<T>): Promise<T> {
    const token = randomBytes(16).toString('hex');
    const now = nowSeconds(this.clock);
    await this.db
      .deleteFrom('order_imports')
      .where('shop_id', '=', shopId)
      .where('renewed_at', '<', now - STALE_SECONDS)
      .execute();
    const taken = await this.db
      .insertInto('order_imports')
      .values({ shop_id: shopId, token, renewed_at: now })
      .onConflict((oc) => oc.column('shop_id').doNothing())
      .executeTakeFirst();
    if (taken.numInsertedOrUpdatedRows === 0n) throw new AppError(Code.Busy, IMPORT_RUNNING, 409);
    let renewed = now;
    const renew = async () => {
      const at = nowSeconds(this.clock);
      if (at - renewed < RENEW_SECONDS) return;
      renewed = at;
      await this.db
        .updateTable('order_imports')
        .set({ renewed_at: at })
        .where('shop_id', '=', shopId)
        .where('token', '=', token)
        .execute();
    };
    try {
      return await work(renew);
    } finally {
      await this.db.deleteFrom('order_imports').where('shop_id', '=', shopId).where('token', '=', token).execute();
    }
  }
}
