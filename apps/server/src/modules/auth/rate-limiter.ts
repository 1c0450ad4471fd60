import { EMAIL_TESTS_PER_10_MINUTES } from '@return-center/contract';
import type { RateLimitStore } from '../../adapters/rate-limits/port.js';

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
  /** Address searches and look-ups of the pickup form, per session (a keystroke each, debounced by the portal). */
  mapSearchPerSession: { max: 300, windowSeconds: 600 },
  /**
   * Exchange catalogue pages one session may ask for: an uncached page costs a part of the shop's store-platform
   * budget (Shopify's Admin API points), which every shopper and the merchant's refunds share.
   */
  cataloguePerSession: { max: 60, windowSeconds: 600 },
  /**
   * Exchange draft orders one session, and one address, may ask for (the pay step and exchange submits): each may
   * hold stock, so a shopper cannot keep renewing holds (#30).
   */
  exchangeDraftsPerSession: { max: 20, windowSeconds: 3600 },
  exchangeDraftsPerIp: { max: 100, windowSeconds: 3600 },
  /** Bank payee accounts one session may create: each is a call to the payout provider. */
  payeesPerSession: { max: 10, windowSeconds: 3600 },
  /** Failed console sign-ins (wrong passwords, wrong second-factor codes) from one address, and at one email. */
  consoleSignInPerIp: { max: 20, windowSeconds: 900 },
  consoleSignInPerEmail: { max: 10, windowSeconds: 900 },
  /** Password-reset mails asked for one email, and from one address. */
  consoleResetPerEmail: { max: 3, windowSeconds: 3600 },
  consoleResetPerIp: { max: 10, windowSeconds: 3600 },
  /** Rule simulations per shop: each reads up to 10,000 requests with their orders (about a second of the server). */
  rulesSimulationsPerShop: { max: 30, windowSeconds: 600 },
  /**
   * Withdrawal declarations and their step-1 item look-ups (ADR 046): tries at one order number from one address, and
   * from one address in all, as for signing in with an order number (no password or code stands before them).
   */
  withdrawalPerIdentifier: { max: 10, windowSeconds: 900 },
  withdrawalPerIp: { max: 30, windowSeconds: 900 },
  /** Test emails per shop: each is a real email to an address the caller names (ADR 042). */
  emailTestsPerShop: { max: EMAIL_TESTS_PER_10_MINUTES, windowSeconds: 600 },
} satisfies Record<string, Limit>;

/**
 * Limits over fixed-window counters shared by every instance behind a load balancer (in the database, or in Redis
 * when REDIS_URL is set). Every bucket of one attempt is counted in one round trip.
 */
/** An attempt reserved by RateLimiter.reserve, to be settled once its check is done. */
export interface Reservation {
  passed: () => Promise<void>;
  failed: () => Promise<void>;
}

/** Waits before trying a full reservation again (real time, about 0.4 s in all), then null: refused. */
const RESERVE_WAITS_MS = [10, 25, 50, 100, 200, null];

export class RateLimiter {
  constructor(
    readonly store: RateLimitStore,
    /** Told of each refusal with the bucket that refused (metrics; a reservation names its first bucket). */
    private readonly onRefused?: (bucket: string) => void,
  ) {}

  /** Counts a hit; false when the bucket is over its limit. */
  hit(bucket: string, limit: Limit): Promise<boolean> {
    return this.hitAll([[bucket, limit]]);
  }

  /** True when the bucket has used up its limit in the current window; counts nothing. */
  async blocked(bucket: string, limit: Limit): Promise<boolean> {
    const blocked = (await this.store.count(bucket)) >= limit.max;
    if (blocked) this.onRefused?.(bucket);
    return blocked;
  }

  /**
   * Reserves one attempt in every bucket before the work it limits (a password check, a key look-up), atomically: of a
   * burst of concurrent attempts, no more than a bucket's limit get through. Null when one is full. The caller settles
   * it: `failed()` counts the attempt (a wrong guess), `passed()` counts nothing (a right one); one never settled (the
   * process died, or the check threw) gives its place back after the store's lease.
   */
  async reserve(entries: [string, Limit][]): Promise<Reservation | null> {
    const hits = entries.map(([bucket, limit]) => ({ bucket, windowSeconds: limit.windowSeconds, max: limit.max }));
    // A full bucket may be full of attempts still being checked: good ones give their place back within milliseconds,
    // so a burst of good keys waits a moment instead of being refused. Failures never give theirs back, so a burst of
    // bad guesses still gets no more checks than the limit.
    for (const wait of RESERVE_WAITS_MS) {
      if (await this.store.reserve(hits))
        return { passed: () => this.store.release(hits), failed: () => this.store.commit(hits) };
      if (wait === null) {
        if (entries[0]) this.onRefused?.(entries[0][0]);
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    return null;
  }

  /** Hits every bucket (so each counts the attempt) and tells whether all allow it. */
  async hitAll(entries: [string, Limit][]): Promise<boolean> {
    const counts = await this.store.hit(
      entries.map(([bucket, limit]) => ({ bucket, windowSeconds: limit.windowSeconds })),
    );
    let allowed = true;
    entries.forEach(([bucket, limit], i) => {
      if ((counts[i] ?? 0) <= limit.max) return;
      allowed = false;
      this.onRefused?.(bucket);
    });
    return allowed;
  }
}
