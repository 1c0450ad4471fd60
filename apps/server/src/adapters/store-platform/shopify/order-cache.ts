import type { Clock } from '../../../clock.js';
import type { PlatformOrder } from '../port.js';

/**
 * Orders read through Shopify, kept a few seconds: the calls of one page view (sign-in, the order, its return form)
 * read the order once. A change Shopify tells us of (orders/updated, refunds/create webhooks) or one we make drops the
 * order at once; another instance's copy lives out its few seconds.
 */
export class OrderCache {
  private readonly entries = new Map<string, { order: PlatformOrder; until: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly max = 1000,
  ) {}

  get(shopId: number, orderId: number): PlatformOrder | null {
    const key = keyOf(shopId, orderId);
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.until > this.clock.nowMs()) return entry.order;
    this.entries.delete(key);
    return null;
  }

  put(shopId: number, order: PlatformOrder): void {
    if (this.ttlMs <= 0) return;
    const key = keyOf(shopId, order.id);
    this.entries.delete(key);
    this.entries.set(key, { order, until: this.clock.nowMs() + this.ttlMs });
    // The oldest entry goes first (a Map keeps insertion order).
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value ?? key);
  }

  forget(shopId: number, orderId: number): void {
    this.entries.delete(keyOf(shopId, orderId));
  }

  forgetShop(shopId: number): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${String(shopId)}:`)) this.entries.delete(key);
  }
}

const keyOf = (shopId: number, orderId: number) => `${String(shopId)}:${String(orderId)}`;
