import { sql } from 'kysely';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { Hit, RateLimitStore } from './port.js';

/** Counters in the `rate_limits` table: the default, shared through the database. One upsert counts every hit. */
export class DatabaseRateLimits implements RateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async hit(hits: readonly Hit[]): Promise<number[]> {
    if (hits.length === 0) return [];
    const now = nowSeconds(this.clock);
    // One statement may not update a row twice: a bucket named twice is one row counting two.
    const rows = new Map<string, { bucket: string; expires_at: number; hits: number }>();
    for (const { bucket, windowSeconds } of hits) {
      const row = rows.get(bucket);
      if (row) row.hits += 1;
      else rows.set(bucket, { bucket, expires_at: now + windowSeconds, hits: 1 });
    }
    const counted = await this.db
      .insertInto('rate_limits')
      .values([...rows.values()])
      .onConflict((oc) =>
        oc.column('bucket').doUpdateSet({
          hits: sql<number>`case when rate_limits.expires_at <= ${now} then excluded.hits else rate_limits.hits + excluded.hits end`,
          expires_at: sql<number>`case when rate_limits.expires_at <= ${now} then excluded.expires_at else rate_limits.expires_at end`,
        }),
      )
      .returning(['bucket', 'hits'])
      .execute();
    const counts = new Map(counted.map((row) => [row.bucket, row.hits]));
    return hits.map(({ bucket }) => counts.get(bucket) ?? 0);
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
}
