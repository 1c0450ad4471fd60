import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { CallOutcome, Metrics } from './metrics.js';
import type { Tracing } from './tracing.js';
import { currentWork } from './work-context.js';

/** The vendor call being made: `withRetries` (retry.ts) tells it of each retry, wherever in the adapter it runs. */
const currentCall = new AsyncLocalStorage<{ retried(): void }>();

/** Called by the one retry loop of the adapters before each try after the first. */
export function noteRetry(): void {
  currentCall.getStore()?.retried();
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/** Who hears of each vendor call: /metrics when served, traces when sent, and the log always. */
export interface VendorWatch {
  metrics: Metrics | null;
  tracing: Tracing | null;
  /** The log of a call made outside any request or job (start-up, sweeps); inside one, its own log is used. */
  log: FastifyBaseLogger;
}

/**
 * The adapter with every call that answers a promise watched, as `port`/`adapter` (e.g. carrier/easypost): one log
 * line with the operation, outcome, retries and time, on the log of the request or job that made it (so it carries
 * their `reqId`, ADR 051); a client span, child of theirs, when traces are sent; and the /metrics figures when served.
 * Methods run on the adapter itself, so its private fields stay reachable.
 */
export function watchedVendor<T extends object>(port: string, adapter: string, target: T, watch: VendorWatch): T {
  const labels = { port, adapter };
  return new Proxy(target, {
    get(object, key): unknown {
      const value: unknown = Reflect.get(object, key, object);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        const started = performance.now();
        let retries = 0;
        const retried = () => {
          retries += 1;
          watch.metrics?.vendorRetries.inc(labels);
        };
        const result: unknown = currentCall.run({ retried }, () =>
          (value as (...a: unknown[]) => unknown).apply(object, args),
        );
        if (!isThenable(result)) return result;
        const operation = String(key);
        const work = currentWork();
        const span =
          watch.tracing?.start(`${port} ${operation}`, {
            kind: 'client',
            parent: work?.span ?? null,
            startedAt: started,
            attributes: { 'vendor.port': port, 'vendor.adapter': adapter, 'vendor.operation': operation },
          }) ?? null;
        const done = (outcome: CallOutcome, error?: unknown) => {
          const ms = performance.now() - started;
          watch.metrics?.vendorCalls.observe({ ...labels, outcome }, ms / 1000);
          const line = { port, adapter, operation, outcome, retries, durationMs: Math.round(ms) };
          const log = work?.log ?? watch.log;
          if (outcome === 'ok') log.info(line, 'vendor call');
          else log.warn({ ...line, err: error }, 'vendor call');
          if (!span) return;
          span.set({ 'vendor.outcome': outcome, 'vendor.retries': retries });
          if (outcome === 'error') span.fail(error);
          span.end();
        };
        return Promise.resolve(result).then(
          (answer) => {
            done('ok');
            return answer;
          },
          (error: unknown) => {
            done('error', error);
            throw error;
          },
        );
      };
    },
  });
}
