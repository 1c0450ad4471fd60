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
 * Fixed-window counters shared by every server instance (DESIGN §5). A window starts at a bucket's first hit and
 * lasts `windowSeconds` by the injected clock; the first hit after it starts a new window at 1. A store whose counters
 * outlive their windows forgets those naming a customer when asked (Redis's expire with their windows).
 */
export interface RateLimitStore extends Partial<ForgetsPeople> {
  /** Counts one hit per entry, atomically, and answers each entry's bucket count once the whole call is counted. */
  hit(hits: readonly Hit[]): Promise<number[]>;
  /**
   * Counts one hit per entry only if every bucket stays within its `max`, all or nothing, atomically: of any number of
   * concurrent reservations, at most `max` succeed in one window. Answers whether it counted.
   */
  reserve(hits: readonly Reserve[]): Promise<boolean>;
  /** Takes back one hit per entry (a reserved attempt that turned out not to count); never below 0. */
  release(hits: readonly Hit[]): Promise<void>;
  /** A bucket's count in its current window, counting nothing; 0 once the window has ended. */
  count(bucket: string): Promise<number>;
  close(): Promise<void>;
}
