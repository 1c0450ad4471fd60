import { AsyncLocalStorage } from 'node:async_hooks';
import type { Metrics } from './metrics.js';

/** The vendor call being made: `withRetries` (retry.ts) tells it of each retry, wherever in the adapter it runs. */
const currentCall = new AsyncLocalStorage<{ retried(): void }>();

/** Called by the one retry loop of the adapters before each try after the first. */
export function noteRetry(): void {
  currentCall.getStore()?.retried();
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/**
 * The adapter with every call that answers a promise measured: its time, whether it threw, and its retries, as
 * `port`/`adapter` (e.g. carrier/easypost). Methods run on the adapter itself, so its private fields stay reachable.
 */
export function measured<T extends object>(port: string, adapter: string, target: T, metrics: Metrics): T {
  const labels = { port, adapter };
  const retried = () => metrics.vendorRetries.inc(labels);
  return new Proxy(target, {
    get(object, key): unknown {
      const value: unknown = Reflect.get(object, key, object);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        const started = performance.now();
        const result: unknown = currentCall.run({ retried }, () =>
          (value as (...a: unknown[]) => unknown).apply(object, args),
        );
        if (!isThenable(result)) return result;
        const done = (outcome: 'ok' | 'error') =>
          metrics.vendorCalls.observe({ ...labels, outcome }, (performance.now() - started) / 1000);
        return Promise.resolve(result).then(
          (answer) => {
            done('ok');
            return answer;
          },
          (error: unknown) => {
            done('error');
            throw error;
          },
        );
      };
    },
  });
}
