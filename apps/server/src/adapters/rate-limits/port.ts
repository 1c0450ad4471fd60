import type { ForgetsPeople } from '../../db/ownership.js';

/** One counted attempt: which bucket, and how long its fixed window lasts. */
export interface Hit {
  bucket: string;
  windowSeconds: number;
}

/** One attempt reserved in a bucket that allows at most `max` in its window. */
export interface Reserve extends Hit {
  max: number;
}

/**
 * How long a reserved attempt that is never settled (its process died mid-check) keeps its place: a fixed window from
 * the bucket's first reservation, so places left by a crash come back within this time.
 */
export const LEASE_SECONDS = 30;

/** The bucket that holds a bucket's attempts reserved and not yet settled. */
export const leaseOf = (bucket: string) => `${bucket}~lease`;

/**
 * Fixed-window counters shared by every server instance (DESIGN §5). A window starts at a bucket's first hit and
 * lasts `windowSeconds` by the injected clock; the first hit after it starts a new window at 1. A store whose counters
 * outlive their windows forgets those naming a customer when asked (Redis's expire with their windows).
 */
export interface RateLimitStore extends Partial<ForgetsPeople> {
  /** Counts one hit per entry, atomically, and answers each bucket's count once the whole call is counted. */
  hit(hits: readonly Hit[]): Promise<number[]>;
  /**
   * Reserves one attempt per entry, leased for LEASE_SECONDS, only if every bucket's hits plus its reserved attempts
   * stay within its `max`, all or nothing, atomically: of any number of concurrent reservations, at most `max` are
   * checked in one window. Answers whether it reserved. Each reservation is then settled by `release` or `commit`.
   */
  reserve(hits: readonly Reserve[]): Promise<boolean>;
  /** Settles reserved attempts that did not count (a right password): their places are free again. */
  release(hits: readonly Hit[]): Promise<void>;
  /** Settles reserved attempts that count (a wrong guess): one hit per entry, and the reservation's place freed. */
  commit(hits: readonly Hit[]): Promise<void>;
  /** A bucket's hits in its current window, counting nothing; 0 once the window has ended. */
  count(bucket: string): Promise<number>;
  close(): Promise<void>;
}
