/** One counted attempt: which bucket, and how long its fixed window lasts. */
export interface Hit {
  bucket: string;
  windowSeconds: number;
}

/**
 * Fixed-window counters shared by every server instance (DESIGN §5). A window starts at a bucket's first hit and
 * lasts `windowSeconds` by the injected clock; the first hit after it starts a new window at 1.
 */
export interface RateLimitStore {
  /** Counts one hit per entry, atomically, and answers each entry's bucket count once the whole call is counted. */
  hit(hits: readonly Hit[]): Promise<number[]>;
  /** A bucket's count in its current window, counting nothing; 0 once the window has ended. */
  count(bucket: string): Promise<number>;
  close(): Promise<void>;
}
