import { sql } from 'kysely';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { Customer } from '../../db/ownership.js';
import { LEASE_SECONDS, leaseOf, type Hit, type RateLimitStore, type Reserve } from './port.js';
import { rateLimitsTables } from './rate-limits-tables.js';

/** The lease row of a reservation (see the port). */
const lease = (hit: Hit): Hit => ({ bucket: leaseOf(hit.bucket), windowSeconds: LEASE_SECONDS });

/** A reservation over a full bucket: rolls its transaction back. */
class Full extends Error {}

/** Hits per bucket: one statement may not update a row twice, so a bucket named twice is one row counting two. */
function grouped(hits: readonly Hit[]) {
  const rows = new Map<string, { bucket: string; windowSeconds: number; hits: number }>();
  for (const { bucket, windowSeconds } of hits) {
    const row = rows.get(bucket);
    if (row) row.hits += 1;
    else rows.set(bucket, { bucket, windowSeconds, hits: 1 });
  }
  // Always in one order, so two transactions over the same buckets take their row locks alike (no deadlock).
  return [...rows.values()].sort((a, b) => (a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0));
}

/** Adds hits to buckets (a new window where one ended) and answers their counts: every sign-in runs it. */
const countHits = prepared((db, now: number, buckets: string[], expiries: number[], counts: number[]) =>
  db
    .insertInto('rate_limits')
    .values(buckets.map((bucket, i) => ({ bucket, expires_at: expiries[i] ?? 0, hits: counts[i] ?? 0 })))
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet({
        hits: sql<number>`case when rate_limits.expires_at <= ${now} then excluded.hits else rate_limits.hits + excluded.hits end`,
        expires_at: sql<number>`case when rate_limits.expires_at <= ${now} then excluded.expires_at else rate_limits.expires_at end`,
      }),
    )
    .returning(['bucket', 'hits']),
);

/** Counters in the `rate_limits` table: the default, shared through the database. One upsert counts every hit. */
export class DatabaseRateLimits implements RateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async hit(hits: readonly Hit[]): Promise<number[]> {
    if (hits.length === 0) return [];
    const counts = await this.upsertHits(this.db, hits);
    return hits.map(({ bucket }) => counts.get(bucket) ?? 0);
  }

  /**
   * Counts the reservations in each bucket's lease row and reads the bucket's hits inside one transaction, and rolls
   * it back when a bucket would pass its max. The lease upsert holds its row's lock (PostgreSQL) or the database's
   * (SQLite) until then, and `commit` takes the same lock before it adds a hit, so concurrent reservations queue and
   * each reads hits and reservations as they are.
   */
  async reserve(hits: readonly Reserve[]): Promise<boolean> {
    if (hits.length === 0) return true;
    const maxOf = new Map(hits.map((h) => [h.bucket, h.max]));
    try {
      await this.db.transaction().execute(async (trx) => {
        const leased = await this.upsertHits(trx, hits.map(lease));
        const counted = await this.counts(
          trx,
          hits.map((h) => h.bucket),
        );
        for (const [bucket, max] of maxOf)
          if ((counted.get(bucket) ?? 0) + (leased.get(leaseOf(bucket)) ?? 0) > max) throw new Full();
      });
      return true;
    } catch (error) {
      if (error instanceof Full) return false;
      throw error;
    }
  }

  async release(hits: readonly Hit[]): Promise<void> {
    await this.takeBack(this.db, hits.map(lease));
  }

  async commit(hits: readonly Hit[]): Promise<void> {
    if (hits.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      // The lease rows first, as reserve takes them, so the two never wait on each other crosswise.
      await this.takeBack(trx, hits.map(lease));
      await this.upsertHits(trx, hits);
    });
  }

  /** Takes one hit per entry back from buckets still in their window, never below 0. */
  private async takeBack(db: Db, hits: readonly Hit[]): Promise<void> {
    const now = nowSeconds(this.clock);
    // Buckets taken back by as many hits share one statement (nearly always: one hit each).
    const byHits = new Map<number, string[]>();
    for (const row of grouped(hits)) byHits.set(row.hits, [...(byHits.get(row.hits) ?? []), row.bucket]);
    for (const [taken, buckets] of byHits)
      await db
        .updateTable('rate_limits')
        .set({ hits: sql<number>`case when hits > ${taken} then hits - ${taken} else 0 end` })
        .where('bucket', 'in', buckets)
        .where('expires_at', '>', now)
        .execute();
  }

  /** The hits of each bucket in its current window. */
  private async counts(db: Db, buckets: string[]): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('rate_limits')
      .select(['bucket', 'hits'])
      .where('bucket', 'in', buckets)
      .where('expires_at', '>', nowSeconds(this.clock))
      .execute();
    return new Map(rows.map((row) => [row.bucket, row.hits]));
  }

  async count(bucket: string): Promise<number> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select('hits')
      .where('bucket', '=', bucket)
      .where('expires_at', '>', nowSeconds(this.clock))
      .executeTakeFirst();
    return row?.hits ?? 0;
  }

  async close(): Promise<void> {}

  forgetCustomer(customer: Customer): Promise<void> {
    return rateLimitsTables.forgetCustomer(this.db, customer);
  }

  forgetShop(shopId: number): Promise<void> {
    return rateLimitsTables.forgetShop(this.db, shopId);
  }

  /** One upsert counts every hit, starting a new window where one ended; answers each bucket's count. */
  private async upsertHits(db: Db, hits: readonly Hit[]): Promise<Map<string, number>> {
    const now = nowSeconds(this.clock);
    const rows = grouped(hits);
    const counted = await countHits(
      db,
      now,
      rows.map((row) => row.bucket),
      rows.map((row) => now + row.windowSeconds),
      rows.map((row) => row.hits),
    );
    return new Map(counted.map((row) => [row.bucket, row.hits]));
  }
}
