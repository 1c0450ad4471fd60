import type { Db } from '../../db/database.js';
import type { TableOwner } from '../../db/ownership.js';

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
