import { present } from '@return-center/domain';
import { catalogueHandlers } from './shopify-admin-catalogue.js';
import { GraphqlError, type Json } from './shopify-admin-json.js';
import { orderHandlers, type Handler } from './shopify-admin-orders.js';
import { exchangeHandlers } from './shopify-admin-exchanges.js';
import { refundHandlers } from './shopify-admin-refunds.js';
import { returnHandlers } from './shopify-admin-returns.js';
import type { FakeShopifyData } from './shopify-admin-data.js';
import type { FakeShop } from './shopify-admin-shop.js';
import { actualCostOf, type Operation } from './shopify-graphql.js';

/** One request as the fake saw it, answered or not. */
export interface ShopifyCall {
  /** When it arrived, by the fake's timer (ms). */
  at: number;
  /** The shop its token opens ('' for none). */
  shop: string;
  /** The operation's name and root fields, e.g. RefundCreate and ['refundCreate']. */
  operation: string;
  fields: string[];
  variables: Record<string, unknown>;
  /** refundCreate's @idempotent key. */
  idempotencyKey: string | null;
  /** Shopify's requested cost of it. */
  cost: number;
  /** What Shopify kept of it once answered (the rest went back to the bucket); null when not answered. */
  actualCost: number | null;
  /** What it used that Shopify has deprecated (fields, arguments, enum values, input fields). */
  deprecated: string[];
  outcome: 'answered' | 'throttled' | 'failed' | 'dropped' | 'refused';
}

/** Misbehaviour for tests to switch on; the counters count down as requests use them up. */
export interface ShopifyFaults {
  /** Milliseconds (real time) to hold each request before acting on it. */
  latencyMs: number;
  /** Close the connection, with no answer, before the next N requests take effect. */
  drop: number;
  /** Close the connection after the next N requests took effect: the answer is lost on its way back. */
  dropAfter: number;
  /** Answer the next `count` requests with `status` (Shopify's JSON error, or a proxy's HTML page). */
  fail: { status: number; count: number; html?: boolean };
  /** Answer the next N requests THROTTLED, whatever the bucket holds. */
  throttle: number;
  /** Answer the next `count` requests 429 with Retry-After (seconds). */
  tooMany: { count: number; retryAfter: string };
  /** Which operations the faults apply to, matched against the operation name; all when unset. */
  only?: RegExp;
}

/** A shop's bucket: Standard is 1000 points restored at 50 a second in the older docs, Plus twice that. */
export interface BucketLimits {
  maximumAvailable: number;
  restoreRate: number;
}

export const handlers: Record<string, Handler> = {
  ...orderHandlers,
  ...refundHandlers,
  ...returnHandlers,
  ...exchangeHandlers,
  ...catalogueHandlers,
};

/**
 * Runs operations against the fake's shops: each shop's leaky bucket (THROTTLED, MAX_COST_EXCEEDED), the scopes a
 * field needs, and the root fields' handlers; `state` is the fake's faults and limits as they are now.
 */
export function operationRunner(
  data: FakeShopifyData,
  timer: { nowMs(): number },
  state: () => { faults: ShopifyFaults; limits: BucketLimits },
  singleQueryMax: number,
) {
  const buckets = new Map<string, { available: number; at: number }>();
  const throttleStatus = (shop: FakeShop) => {
    const { maximumAvailable, restoreRate } = state().limits;
    const bucket = buckets.get(shop.domain) ?? { available: maximumAvailable, at: timer.nowMs() };
    const now = timer.nowMs();
    bucket.available = Math.min(maximumAvailable, bucket.available + ((now - bucket.at) * restoreRate) / 1000);
    bucket.at = now;
    buckets.set(shop.domain, bucket);
    return {
      bucket,
      status: () => ({ maximumAvailable, currentlyAvailable: Math.floor(bucket.available), restoreRate }),
    };
  };

  const execute = (shop: FakeShop, op: Operation, cost: number, call: ShopifyCall): Json => {
    const { bucket, status } = throttleStatus(shop);
    const refused = (message: string, code: string, extra: Json = {}) => {
      call.outcome = 'throttled';
      return {
        errors: [
          { message, extensions: { code, documentation: 'https://shopify.dev/api/usage/rate-limits', ...extra } },
        ],
        extensions: { cost: { requestedQueryCost: cost, actualQueryCost: null, throttleStatus: status() } },
      };
    };
    if (cost > singleQueryMax) {
      call.outcome = 'refused';
      return refused(
        `Query cost is ${String(cost)}, which exceeds the single query max cost limit (${String(singleQueryMax)}).`,
        'MAX_COST_EXCEEDED',
        { cost, maxCost: singleQueryMax },
      );
    }
    if (state().faults.throttle > 0 && applies(op)) {
      state().faults.throttle--;
      return refused('Throttled', 'THROTTLED');
    }
    if (cost > bucket.available) return refused('Throttled', 'THROTTLED');
    bucket.available -= cost;
    if (shop.scopes && !shop.scopes.includes('read_locations') && reads(op.fields, 'location')) {
      call.outcome = 'refused';
      return {
        errors: [
          {
            message: 'Access denied for location field. Required access: `read_locations` access scope.',
            extensions: { code: 'ACCESS_DENIED' },
          },
        ],
        extensions: { cost: { requestedQueryCost: cost, actualQueryCost: cost, throttleStatus: status() } },
      };
    }
    // Reservations past their time lapse whatever is asked, as Shopify's do by themselves.
    data.sweep(shop);
    const result: Json = {};
    const errors: Json[] = [];
    const refund = () => {
      // Shopify asks for the requested cost up front and gives back what the answer did not use.
      const actual = actualCostOf(op, result);
      bucket.available = Math.min(state().limits.maximumAvailable, bucket.available + cost - actual);
      call.actualCost = actual;
      return actual;
    };
    for (const field of op.fields) {
      const key = field.alias ?? field.name;
      const handler = present(handlers[field.name], `a handler of ${field.name}`);
      try {
        result[key] = handler(data, shop, field);
      } catch (error) {
        if (!(error instanceof GraphqlError)) throw error;
        result[key] = null;
        errors.push({ message: error.message, path: [key], extensions: error.code ? { code: error.code } : {} });
      }
    }
    call.outcome = 'answered';
    const actualQueryCost = refund();
    return {
      data: result,
      ...(errors.length > 0 ? { errors } : {}),
      extensions: { cost: { requestedQueryCost: cost, actualQueryCost, throttleStatus: status() } },
    };
  };

  const applies = (op: Operation) => {
    const { only } = state().faults;
    return !only || only.test(op.name);
  };
  return { execute, applies };
}

/** Whether a selection asks for a field of this name at any depth. */
const reads = (fields: Operation['fields'], name: string): boolean =>
  fields.some((f) => f.name === name || reads(f.children, name));
