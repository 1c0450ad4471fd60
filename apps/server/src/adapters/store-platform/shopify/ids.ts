import type { Db } from '../../../db/database.js';

/** The kinds of Shopify ids the port carries as numbers (drafts travel as strings and keep Shopify's). */
export type IdKind = 'Order' | 'LineItem' | 'Product' | 'ProductVariant' | 'Collection';

const CACHE_MAX = 50_000;

/**
 * Small numbers of ours for Shopify's ids, which pass 2^31 (the wire contract's `id` and our 32-bit columns). A number
 * is given the first time the adapter answers the Shopify id and never changes, so both directions are kept in memory
 * once read; every instance reads the same table.
 */
export class ShopifyIds {
  private readonly toLocal = new Map<string, number>();
  private readonly toShopify = new Map<string, number>();

  constructor(private readonly db: Db) {}

  /** Our numbers for these Shopify ids of the shop, given now for any that have none yet. */
  async local(shopId: number, kind: IdKind, shopifyIds: number[]): Promise<Map<number, number>> {
    const found = new Map<number, number>();
    const missing = new Set<number>();
    for (const id of shopifyIds) {
      const known = this.toLocal.get(key(shopId, kind, id));
      if (known === undefined) missing.add(id);
      else found.set(id, known);
    }
    if (missing.size === 0) return found;
    const wanted = [...missing].map(String);
    for (let i = 0; i < wanted.length; i += 500) {
      const chunk = wanted.slice(i, i + 500);
      await this.db
        .insertInto('shopify_ids')
        .values(chunk.map((shopify_id) => ({ shop_id: shopId, kind, shopify_id })))
        .onConflict((oc) => oc.columns(['shop_id', 'kind', 'shopify_id']).doNothing())
        .execute();
      const rows = await this.db
        .selectFrom('shopify_ids')
        .select(['id', 'shopify_id'])
        .where('shop_id', '=', shopId)
        .where('kind', '=', kind)
        .where('shopify_id', 'in', chunk)
        .execute();
      for (const row of rows) {
        const shopifyId = Number(row.shopify_id);
        found.set(shopifyId, row.id);
        this.keep(shopId, kind, shopifyId, row.id);
      }
    }
    return found;
  }

  /** The Shopify id behind our number; null when the shop has no such thing of that kind. */
  async shopify(shopId: number, kind: IdKind, localId: number): Promise<number | null> {
    const known = this.toShopify.get(key(shopId, kind, localId));
    if (known !== undefined) return known;
    if (!Number.isSafeInteger(localId) || localId <= 0 || localId > 2_147_483_647) return null;
    const row = await this.db
      .selectFrom('shopify_ids')
      .select('shopify_id')
      .where('id', '=', localId)
      .where('shop_id', '=', shopId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (!row) return null;
    const shopifyId = Number(row.shopify_id);
    this.keep(shopId, kind, shopifyId, localId);
    return shopifyId;
  }

  /** Forgets the shop's numbers (shop/redact): its rows, and every number in memory. */
  async forgetShop(shopId: number): Promise<void> {
    await this.db.deleteFrom('shopify_ids').where('shop_id', '=', shopId).execute();
    this.clear();
  }

  /** Forgets every number in memory. */
  clear(): void {
    this.toLocal.clear();
    this.toShopify.clear();
  }

  private keep(shopId: number, kind: IdKind, shopifyId: number, localId: number): void {
    // Entries never go stale (a number never changes), so a full cache simply starts again.
    if (this.toLocal.size > CACHE_MAX) this.clear();
    this.toLocal.set(key(shopId, kind, shopifyId), localId);
    this.toShopify.set(key(shopId, kind, localId), shopifyId);
  }
}

const key = (shopId: number, kind: IdKind, id: number) => `${String(shopId)}:${kind}:${String(id)}`;
