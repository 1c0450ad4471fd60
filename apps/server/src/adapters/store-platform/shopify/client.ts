import { createAdminApiClient, type AdminApiClient } from '@shopify/admin-api-client';
import type { Clock } from '../../../clock.js';
import { withRetries } from '../../../retry.js';
import { PlatformBusy } from '../port.js';
import { CostBucket, type ThrottleStatus, type Timer } from './bucket.js';

export type { Timer } from './bucket.js';

/** The Admin API version every call names: pinned, moved on deliberately (refundCreate's @idempotent is in it). */
export const SHOPIFY_API_VERSION = '2026-10';

/** Where a shop's Admin API is and the offline token that opens it. */
export interface ShopAccess {
  /** The shop's permanent domain, e.g. `demo-shop.myshopify.com`. */
  domain: string;
  accessToken: string;
}

/** Shopify refused the call or kept failing; `status` is its HTTP status when it answered one. */
export class ShopifyError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ShopifyError';
  }
}

/** No answer by the call's deadline. Shopify may still act on the request, which is why writes carry keys. */
export class ShopifyTimeout extends ShopifyError {
  constructor(message: string) {
    super(message);
    this.name = 'ShopifyTimeout';
  }
}

/** The shop's rate limit would only let the call through after its deadline: it was not sent (or not acted on). */
export class ShopifyBusy extends PlatformBusy {
  constructor(operation: string, waitMs: number) {
    super(
      `Shopify ${operation}: the shop's rate limit has no points for it in time`,
      Math.max(1, Math.ceil(waitMs / 1000)),
    );
    this.name = 'ShopifyBusy';
  }
}

/** One GraphQL operation the adapter sends: named, so logs (ours and the fake's) say which. */
export interface Operation {
  name: string;
  query: string;
  /**
   * Safe to send again when an answer was lost (a dropped connection, a 5xx): a query, or a mutation made idempotent
   * by a key, a unique code or a compare-and-set. Others are sent again only after THROTTLED or 429, which Shopify
   * answers without acting.
   */
  retryable: boolean;
}

export interface TransportOptions {
  apiVersion: string;
  /** The most one port call may take, every request and wait included (milliseconds). */
  timeoutMs: number;
  /** The business clock: times written to Shopify (a discount's start, a reservation's end). */
  clock: Clock;
  timer: Timer;
  /** Sends every request to this origin instead of https://<shop domain> (a local fake in tests). */
  apiOrigin?: string;
}

/** 5xx and dropped connections: how many times a call is sent again, and the first pause. */
const RETRIES = 3;
const BACKOFF_MS = 200;

interface Answer {
  data?: unknown;
  errors?: unknown;
  extensions?: { cost?: { requestedQueryCost?: number; throttleStatus?: ThrottleStatus } };
}

/**
 * Admin GraphQL through `@shopify/admin-api-client`, one client and one cost bucket per shop. A session is one port
 * call: its requests share one deadline, wait for rate-limit points (never past the deadline) and are sent again on
 * THROTTLED, 429 and, where safe, 5xx and dropped connections, with backoff.
 */
export class ShopifyTransport {
  private readonly clients = new Map<string, AdminApiClient>();
  private readonly buckets = new Map<string, CostBucket>();

  constructor(private readonly options: TransportOptions) {}

  session(access: ShopAccess): Session {
    return new Session(this.clientFor(access), this.bucketFor(access.domain), this.options);
  }

  private clientFor({ domain, accessToken }: ShopAccess): AdminApiClient {
    const key = `${domain}\n${accessToken}`;
    let client = this.clients.get(key);
    if (!client) {
      const origin = this.options.apiOrigin?.replace(/\/$/, '');
      client = createAdminApiClient({
        storeDomain: domain,
        apiVersion: this.options.apiVersion,
        accessToken,
        userAgentPrefix: 'Return Center',
        // The version is pinned on purpose; the client's "not supported" warning goes nowhere.
        logger: () => undefined,
        customFetchApi: (url, init) =>
          // The client keeps only an error's message; the cause (ECONNRESET, "other side closed") goes in it.
          fetch(origin ? origin + new URL(url).pathname : url, init).catch((error: unknown) => {
            throw new Error(messageOf(error), { cause: error });
          }),
      });
      this.clients.set(key, client);
    }
    return client;
  }

  private bucketFor(domain: string): CostBucket {
    let bucket = this.buckets.get(domain);
    if (!bucket) {
      bucket = new CostBucket(this.options.timer);
      this.buckets.set(domain, bucket);
    }
    return bucket;
  }
}

export class Session {
  private readonly deadline: number;

  constructor(
    private readonly client: AdminApiClient,
    private readonly bucket: CostBucket,
    private readonly options: TransportOptions,
  ) {
    this.deadline = options.timer.nowMs() + options.timeoutMs;
  }

  /** The time now by the business clock (milliseconds). */
  nowMs(): number {
    return this.options.clock.nowMs();
  }

  private left = () => this.deadline - this.options.timer.nowMs();
  private timeout = (op: Operation) =>
    new ShopifyTimeout(`Shopify ${op.name}: no answer within ${this.options.timeoutMs} ms`);

  /** The operation's `data`, or an error saying what Shopify answered. */
  request<T>(op: Operation, variables: Record<string, unknown> = {}): Promise<T> {
    return withRetries((attempt) => this.send<T>(op, variables, attempt), {
      tries: RETRIES + 1,
      backoffMs: BACKOFF_MS,
      msLeft: this.left,
      sleep: (ms) => this.options.timer.sleep(ms),
      retry: (error) => {
        // Shopify's rate limit: nothing was done, so any operation waits and goes again, uncounted.
        if (error instanceof RateLimited) return { waitMs: error.waitMs, counts: false };
        return error instanceof AnswerLost && op.retryable ? {} : undefined;
      },
      giveUp: (error, { failures, waitMs }) => {
        if (error instanceof RateLimited) return new ShopifyBusy(op.name, waitMs);
        if (!(error instanceof AnswerLost)) return error;
        const tries = failures > 1 ? ` after ${String(failures)} attempts` : '';
        return new ShopifyError(`Shopify ${op.name} failed${tries}: ${error.message}`, error.status);
      },
    });
  }

  /** One request, after waiting for the cost bucket; `attempt` numbers every request of this call, from 1. */
  private async send<T>(op: Operation, variables: Record<string, unknown>, attempt: number): Promise<T> {
    const guessed = await this.bucket.take(op.name, this.deadline, (wait) => new ShopifyBusy(op.name, wait));
    let response: Response;
    const signal = AbortSignal.timeout(Math.max(1, this.left()));
    try {
      response = await this.client.fetch(op.query, { variables, signal });
    } catch (error) {
      this.bucket.settle(op.name, guessed, null);
      if (signal.aborted || this.left() <= 0) throw this.timeout(op);
      throw new AnswerLost(`connection lost (${messageOf(error)})`);
    }
    const text = await response.text().catch(() => '');
    const answer = readJson(text);
    const cost = answer?.extensions?.cost;
    this.bucket.settle(
      op.name,
      guessed,
      cost ? { requested: cost.requestedQueryCost, status: cost.throttleStatus } : null,
    );
    if (response.status === 429) {
      // Shopify's REST-style limit. Retry-After is in seconds (and may have decimals).
      const wait = Math.ceil(Number(response.headers.get('retry-after') ?? '1') * 1000) || 1000;
      this.bucket.pause(wait);
      throw new RateLimited(wait);
    }
    if (response.status >= 500) throw new AnswerLost(`${String(response.status)} ${summary(text)}`, response.status);
    if (!response.ok)
      throw new ShopifyError(`Shopify ${op.name} failed: ${String(response.status)} ${summary(text)}`, response.status);
    if (!answer) throw new ShopifyError(`Shopify ${op.name} answered no JSON: ${summary(text)}`, response.status);
    const errors = graphqlErrors(answer.errors);
    if (errors.some((e) => e.code === 'THROTTLED')) {
      const status = cost?.throttleStatus;
      const wait = status ? this.bucket.waitFor(cost.requestedQueryCost ?? guessed, status) : 0;
      // A status that says enough is there (another app of the shop spent it meanwhile) still backs off a little.
      throw new RateLimited(Math.max(wait, BACKOFF_MS * attempt));
    }
    if (errors.length > 0) {
      const [first] = errors;
      throw new ShopifyError(
        `Shopify ${op.name} failed: ${errors.map((e) => e.message).join('; ')}`,
        response.status,
        first?.code,
      );
    }
    return answer.data as T;
  }
}

/** A 5xx or a dropped connection: Shopify may or may not have acted, so only a retryable operation goes again. */
class AnswerLost extends Error {
  constructor(
    what: string,
    readonly status?: number,
  ) {
    super(what);
  }
}

/** THROTTLED or 429: Shopify did nothing, and asks for this wait. */
class RateLimited extends Error {
  constructor(readonly waitMs: number) {
    super(`rate limited for ${String(waitMs)} ms`);
  }
}

/** A mutation's `userErrors` (or `orderCancelUserErrors`), made one error; codes say which, e.g. TAKEN. */
export class ShopifyUserError extends ShopifyError {
  constructor(
    operation: string,
    readonly errors: readonly UserError[],
  ) {
    super(`Shopify ${operation} refused: ${errors.map(describe).join('; ')}`, undefined, errors[0]?.code ?? undefined);
    this.name = 'ShopifyUserError';
  }
}

export interface UserError {
  field?: string[] | null;
  message: string;
  code?: string | null;
}

const describe = (e: UserError) => `${e.field?.length ? `${e.field.join('.')}: ` : ''}${e.message}`;

/** Throws the payload's user errors, if it has any. */
export function refuseOn(operation: string, errors: readonly UserError[] | null | undefined): void {
  if (errors && errors.length > 0) throw new ShopifyUserError(operation, errors);
}

function readJson(text: string): Answer | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

/** GraphQL errors with their codes; Shopify also answers a bare string (`{"errors": "Not Found"}`). */
function graphqlErrors(errors: unknown): { message: string; code?: string }[] {
  if (typeof errors === 'string') return [{ message: errors }];
  if (!Array.isArray(errors)) return [];
  return errors.map((e: { message?: unknown; extensions?: { code?: unknown } }) => ({
    message: typeof e.message === 'string' ? e.message : JSON.stringify(e),
    code: typeof e.extensions?.code === 'string' ? e.extensions.code : undefined,
  }));
}

/** A body in an error message: Shopify's JSON `errors`, or an HTML page's text, short. */
function summary(text: string): string {
  const json = readJson(text);
  const errors = json ? graphqlErrors(json.errors) : [];
  const plain = errors.length > 0 ? errors.map((e) => e.message).join('; ') : text.replace(/<[^>]*>/g, ' ');
  return plain.replace(/\s+/g, ' ').trim().slice(0, 200);
}

const messageOf = (error: unknown) => {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return (error instanceof Error ? error.message : String(error)) + cause;
};
