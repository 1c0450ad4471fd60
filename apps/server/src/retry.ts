import { setTimeout as sleep } from 'node:timers/promises';
import { noteRetry } from './vendor-calls.js';

/** Another try, after `waitMs` (Retry-After, a rate limit's wait) or else the backoff. */
export interface Retry {
  waitMs?: number | undefined;
  /** False for a try the vendor refused without acting (a rate limit): it does not count against `tries`. */
  counts?: boolean;
}

/** Why no try follows: the error is final, the tries are used up, or the pause would reach the deadline. */
export interface GiveUp {
  reason: 'final' | 'tries' | 'deadline';
  /** The tries that failed and count, this one included. */
  failures: number;
  /** The pause that was not taken. */
  waitMs: number;
}

export interface RetryPolicy {
  /** Tries in all, the first included, that may fail and count before giving up. */
  tries: number;
  /** The pause after the first failure that counts; it doubles after each further one. */
  backoffMs: number;
  /** Whether another try follows this error; `attempt` numbers every try, from 1. Undefined: the error is final. */
  retry(error: unknown, attempt: number): Retry | undefined;
  /** What to throw when no try follows (the error itself, or one that says how many tries were made). */
  giveUp(error: unknown, stop: GiveUp): unknown;
  /** The time left before the caller's deadline, when it has one (milliseconds). */
  msLeft?: () => number;
  /** Default: real time. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Runs `attempt` until it succeeds or the policy gives up: the one retry loop of the vendor adapters (Wise, EasyPost,
 * Shopify), each of which says which of its errors are worth another try.
 */
export async function withRetries<T>(attempt: (n: number) => Promise<T>, policy: RetryPolicy): Promise<T> {
  for (let n = 1, failures = 0; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      const retry = policy.retry(error, n);
      const counts = retry?.counts ?? true;
      if (counts) failures += 1;
      const waitMs = retry?.waitMs ?? policy.backoffMs * 2 ** (failures - 1);
      let reason: GiveUp['reason'] | undefined;
      if (!retry) reason = 'final';
      else if (counts && failures >= policy.tries) reason = 'tries';
      else if (policy.msLeft && waitMs >= policy.msLeft()) reason = 'deadline';
      if (reason) throw policy.giveUp(error, { reason, failures, waitMs });
      await (policy.sleep ?? sleep)(waitMs);
      // Counted in /metrics as a retry of the vendor call being measured (vendor-calls.ts).
      noteRetry();
    }
  }
}
