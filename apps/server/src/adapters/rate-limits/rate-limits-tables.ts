import type { Db } from '../../db/database.js';
import { retainRows, type TableOwner } from '../../db/ownership.js';

/**
 * The database's rate-limit counters (Redis keeps its own, expiring with their windows). Buckets name what they count:
 * a client address, or a shop's shopper by `email:<shop>:<address>` or `order:<shop>:<number>`. Forgetting drops the
 * buckets naming the customer, or any of the shop's shoppers (a client address's buckets name no shop).
 */
export const rateLimitsTables = {
  owner: 'adapters/rate-limits',
  tables: {
    rate_limits: { personal: { bucket: 'what is counted: a client address, a shopper’s email or order number' } },
  },
  forgetCustomer: (db, { shopId, emails }) =>
    forget(db, shopId, (bucket) =>
      emails.some((email) => new RegExp(`(^|:)email:${String(shopId)}:${escaped(email)}(:|$)`).test(bucket)),
    ),
  forgetShop: (db, shopId) =>
    forget(db, shopId, (bucket) => new RegExp(`(^|:)(email|order):${String(shopId)}:`).test(bucket)),
  // Counters whose window ended long ago count nothing more; a shop's name its shoppers, the others client addresses.
  retain: async (db, scope) => {
    const ofShop = (bucket: string) => {
      const shop = /(?:^|:)(?:email|order):(\d+):/.exec(bucket)?.[1];
      return shop === undefined ? null : Number(shop);
    };
    const expired = async (limit: number) =>
      (
        await db
          .selectFrom('rate_limits')
          .select(['bucket', 'expires_at'])
          .where('expires_at', '<', scope.expiredBefore)
          .$if(scope.shopId !== null, (query) => query.where('bucket', 'like', `%:${String(scope.shopId)}:%`))
          .execute()
      )
        .filter((row) => ofShop(row.bucket) === scope.shopId)
        .slice(0, limit)
        .map((row) => ({ id: row.bucket, at: row.expires_at }));
    const counted = await retainRows(
      'rate_limits',
      scope,
      {
        count: async () => {
          const rows = await expired(Number.MAX_SAFE_INTEGER);
          return { count: rows.length, oldest: rows.length ? Math.min(...rows.map((row) => row.at)) : null };
        },
        batch: expired,
      },
      (buckets) =>
        db
          .deleteFrom('rate_limits')
          .where('bucket', 'in', buckets)
          .execute()
          .then(() => {}),
    );
    return [counted];
  },
} satisfies TableOwner;

const escaped = (text: string) => text.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function forget(db: Db, shopId: number, named: (bucket: string) => boolean): Promise<void> {
  const candidates = await db
    .selectFrom('rate_limits')
    .select('bucket')
    .where('bucket', 'like', `%:${String(shopId)}:%`)
    .execute();
  const theirs = candidates.map((row) => row.bucket).filter((bucket) => named(bucket.toLowerCase()));
  for (let i = 0; i < theirs.length; i += 500)
    await db
      .deleteFrom('rate_limits')
      .where('bucket', 'in', theirs.slice(i, i + 500))
      .execute();
}
