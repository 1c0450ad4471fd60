import { sql } from 'kysely';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Limits per bucket (DESIGN §5): every login path counts per identifier and per address. */
export const LIMITS = {
  codeSendPerEmail: { max: 5, windowSeconds: 900 },
  codeSendPerIp: { max: 20, windowSeconds: 900 },
  /** Tries at one order number or email from one client address. */
  loginPerIdentifier: { max: 10, windowSeconds: 900 },
  /**
   * Tries at one order number or email from all addresses together. The window is short on purpose: only a storm from
   * many addresses fills it, it frees a minute after the storm, and the emailed-code path stays open (DESIGN §5).
   */
  loginPerIdentifierSlowDown: { max: 30, windowSeconds: 60 },
  loginPerIp: { max: 30, windowSeconds: 900 },
  uploadsPerSession: { max: 30, windowSeconds: 600 },
  uploadsPerIp: { max: 60, windowSeconds: 600 },
  /** Wrong merchant API keys from one address before it must wait: keys cannot be guessed at speed. */
  merchantKeyFailuresPerIp: { max: 20, windowSeconds: 900 },
} satisfies Record<string, Limit>;

/**
 * Fixed-window counters kept in the database, so every instance behind a load balancer shares them.
 * One atomic upsert per hit.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Counts a hit; false when the bucket is over its limit. */
  async hit(bucket: string, limit: Limit): Promise<boolean> {
    const now = nowSeconds(this.clock);
    const expired = now - limit.windowSeconds;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ bucket, window_start: now, hits: 1 })
      .onConflict((oc) =>
        oc.column('bucket').doUpdateSet({
          hits: sql<number>`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.hits + 1 end`,
          window_start: sql<number>`case when rate_limits.window_start <= ${expired} then ${now} else rate_limits.window_start end`,
        }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    return row.hits <= limit.max;
  }

  /** True when the bucket has used up its limit in the current window; counts nothing. */
  async blocked(bucket: string, limit: Limit): Promise<boolean> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select('hits')
      .where('bucket', '=', bucket)
      .where('window_start', '>', nowSeconds(this.clock) - limit.windowSeconds)
      .executeTakeFirst();
    return (row?.hits ?? 0) >= limit.max;
  }

  /** Hits every bucket (so each counts the attempt) and tells whether all allow it. */
  async hitAll(entries: [string, Limit][]): Promise<boolean> {
    const results = await Promise.all(entries.map(([bucket, limit]) => this.hit(bucket, limit)));
    return results.every(Boolean);
  }
}
