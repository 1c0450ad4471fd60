import type { StorePlatform } from './adapters/store-platform/port.js';
import { BoundedQueue, QueueFull } from './bounded-queue.js';

/**
 * Failures a test injects through `buildApp`'s options, to see what a shopper or a merchant gets when a dependency
 * fails, without reaching into the services. Never set outside tests.
 */
export interface Faults {
  /** Store-platform calls that fail (or answer otherwise): each replaces the platform's own, for every caller. */
  platform?: Partial<StorePlatform>;
  /** While this answers true, image decoding is at capacity: every upload is answered "busy, try again". */
  decodingFull?: () => boolean;
}

/** The platform with the faulty calls in place of its own; the other calls reach it unchanged. */
export function withPlatformFaults(platform: StorePlatform, faults: Faults | undefined): StorePlatform {
  const replaced = faults?.platform;
  if (!replaced) return platform;
  return new Proxy(platform, {
    get: (target, key, receiver): unknown =>
      key in replaced ? (replaced as Record<PropertyKey, unknown>)[key] : Reflect.get(target, key, receiver),
  });
}

/** With the fault, a decoding queue (sized as UploadsService's own) that is full whenever the fault says so. */
export function decodingQueue(faults: Faults | undefined): BoundedQueue | undefined {
  const full = faults?.decodingFull;
  if (!full) return undefined;
  return new (class extends BoundedQueue {
    override run<T>(work: () => Promise<T>): Promise<T> {
      return full() ? Promise.reject(new QueueFull()) : super.run(work);
    }
  })(1, 6);
}
