/** Real time for deadlines, backoff and the rate limit; a test may pass a virtual one. */
export interface Timer {
  nowMs(): number;
  sleep(ms: number): Promise<void>;
}

/** Shopify's `extensions.cost.throttleStatus`: the app's points at one shop, as of one answer. */
export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

/** What a query is guessed to cost before Shopify has said (its answers carry `requestedQueryCost`). */
const FIRST_GUESS = 50;

/**
 * The client side of Shopify's leaky bucket for one shop: a query is sent only when the points it will cost are there,
 * counting what the last answer said was left plus what has been restored since at `restoreRate` per second, less
 * what queries still in flight were guessed to cost. So the app never spends faster than the restore rate (after the
 * bucket's first fill) and is not throttled unless a guess was short. Until the first answer says how big the bucket
 * is, one query at a time goes out. Takers queue, so the points are handed out in order.
 */
export class CostBucket {
  private status: ThrottleStatus | null = null;
  private available = 0;
  private at = 0;
  private inFlight = 0;
  /** While the first query is out: settled by its answer (or failure). */
  private probe: { done: Promise<void>; settle: () => void } | null = null;
  private queue: Promise<void> = Promise.resolve();
  private readonly guesses = new Map<string, number>();

  constructor(private readonly timer: Timer) {}

  /** What `operation` is expected to cost: what Shopify asked for it last time. */
  private guess(operation: string): number {
    return this.guesses.get(operation) ?? FIRST_GUESS;
  }

  /**
   * Waits until the points `operation` is guessed to cost are there, then takes them and answers how many (pass that
   * to settle). The guess is made when its turn comes, so calls queued behind the first one use what it found out.
   * Refused (without waiting) when the points would only be there after `deadline` (timer milliseconds); `tooLate`
   * makes that error.
   */
  take(operation: string, deadline: number, tooLate: (waitMs: number) => Error): Promise<number> {
    const turn = this.queue.then(() => this.takeNow(operation, deadline, tooLate));
    this.queue = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  private async takeNow(operation: string, deadline: number, tooLate: (waitMs: number) => Error): Promise<number> {
    while (!this.status) {
      if (!this.probe) {
        // The first query finds out the bucket; the others wait for its answer (or its failure).
        let settle = () => {};
        const done = new Promise<void>((resolve) => (settle = resolve));
        this.probe = { done, settle };
        const cost = this.guess(operation);
        this.inFlight += cost;
        return cost;
      }
      await this.probe.done;
    }
    const cost = this.guess(operation);
    const { restoreRate, maximumAvailable } = this.status;
    const now = this.timer.nowMs();
    const available = Math.min(maximumAvailable, this.available + ((now - this.at) * restoreRate) / 1000);
    // More than the bucket holds can never be waited for: asked as it is, Shopify answers MAX_COST_EXCEEDED.
    const needed = Math.min(cost, maximumAvailable);
    if (available < needed) {
      const wait = Math.ceil(((needed - available) * 1000) / restoreRate);
      if (now + wait > deadline) throw tooLate(wait);
      await this.timer.sleep(wait);
    }
    const then = this.timer.nowMs();
    this.available = Math.min(maximumAvailable, this.available + ((then - this.at) * restoreRate) / 1000) - needed;
    this.at = then;
    this.inFlight += needed;
    return needed;
  }

  /**
   * An answer for a query that was guessed at `guessed` points: what Shopify says is left becomes the truth, less
   * what the queries still on their way will cost. `requested` (Shopify's own count) is the next guess.
   */
  settle(operation: string, guessed: number, cost: { requested?: number; status?: ThrottleStatus } | null): void {
    this.inFlight = Math.max(0, this.inFlight - Math.min(guessed, this.status?.maximumAvailable ?? guessed));
    if (cost?.requested !== undefined) this.guesses.set(operation, cost.requested);
    if (cost?.status) {
      this.status = cost.status;
      this.available = Math.min(cost.status.maximumAvailable, cost.status.currentlyAvailable - this.inFlight);
      this.at = this.timer.nowMs();
    }
    const probe = this.probe;
    this.probe = null;
    probe?.settle();
  }

  /** How long to wait before `requested` points are there, by a THROTTLED answer's status. */
  waitFor(requested: number, status: ThrottleStatus): number {
    const short = Math.min(requested, status.maximumAvailable) - status.currentlyAvailable;
    return short <= 0 ? 0 : Math.ceil((short * 1000) / status.restoreRate);
  }

  /** A 429 said to hold off: nothing is available until `ms` from now. */
  pause(ms: number): void {
    this.available = Math.min(this.available, -((ms * (this.status?.restoreRate ?? 0)) / 1000));
    this.at = this.timer.nowMs();
  }
}
