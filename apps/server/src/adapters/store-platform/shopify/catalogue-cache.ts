import type { Clock } from '../../../clock.js';

/**
 * The exchange catalogue as shoppers read it, kept per shop: every shopper of a shop browses the same pages, and each
 * page read from Shopify costs hundreds of points of the shop's Admin API budget, which the shop's refunds and returns
 * need too. An answer is kept `ttlMs` (stock moves without telling us); a products/* webhook drops the shop's answers
 * at once. Shoppers asking for the same page at the same time share one read, and a failed read is not kept. Another
 * instance's copy lives out its time.
 */
export class CatalogueCache {
  private readonly shops = new Map<number, Map<string, { value: Promise<unknown>; until: number }>>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    /** Answers kept per shop; the oldest goes first. */
    private readonly max = 300,
  ) {}

  read<T>(shopId: number, key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    let entries = this.shops.get(shopId);
    if (!entries) {
      entries = new Map();
      this.shops.set(shopId, entries);
    }
    const now = this.clock.nowMs();
    const kept = entries.get(key);
    if (kept && kept.until > now) return kept.value as Promise<T>;
    const value = load();
    entries.delete(key);
    entries.set(key, { value, until: now + this.ttlMs });
    if (entries.size > this.max) entries.delete(entries.keys().next().value ?? key);
    const mine = entries;
    value.catch(() => {
      if (mine.get(key)?.value === value) mine.delete(key);
    });
    return value;
  }

  /** The shop's catalogue changed: its next pages are read from Shopify (a read under way is not kept). */
  forget(shopId: number): void {
    this.shops.delete(shopId);
  }
}
