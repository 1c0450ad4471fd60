export interface RateLimitsTable {
  bucket: string;
  /** When the current window ends (unix seconds); the next hit after it starts a new window. */
  expires_at: number;
  hits: number;
}

/** The database rate limiter's table. */
export interface RateLimitsSchema {
  rate_limits: RateLimitsTable;
}
