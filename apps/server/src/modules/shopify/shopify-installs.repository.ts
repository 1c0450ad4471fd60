import type { Db } from '../../db/database.js';
import type { SecretBox } from '../../secret-box.js';

export interface ShopifyInstall {
  shopId: number;
  domain: string;
  scopes: string;
}

/**
 * Shops installed from Shopify: the adapter's view of where each shop's Admin API is and its offline token, sealed
 * at rest with SHOPIFY_TOKEN_KEY. An uninstalled shop keeps its row (its data is ours until shop/redact) but no token.
 */
export class ShopifyInstalls {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  async access(shopId: number): Promise<{ domain: string; accessToken: string } | null> {
    const row = await this.db
      .selectFrom('shopify_installs')
      .select(['domain', 'token'])
      .where('shop_id', '=', shopId)
      .where('uninstalled_at', 'is', null)
      .executeTakeFirst();
    return row?.token ? { domain: row.domain, accessToken: this.box.open(row.token) } : null;
  }

  async list(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('shopify_installs')
      .select('shop_id')
      .where('uninstalled_at', 'is', null)
      .execute();
    return rows.map((r) => r.shop_id);
  }

  /** The shop behind a myshopify domain, installed now or before. */
  async byDomain(domain: string): Promise<ShopifyInstall | null> {
    const row = await this.db
      .selectFrom('shopify_installs')
      .select(['shop_id', 'domain', 'scopes'])
      .where('domain', '=', domain)
      .executeTakeFirst();
    return row ? { shopId: row.shop_id, domain: row.domain, scopes: row.scopes } : null;
  }

  async save(install: ShopifyInstall, accessToken: string, now: number): Promise<void> {
    const values = {
      domain: install.domain,
      token: this.box.seal(accessToken),
      scopes: install.scopes,
      installed_at: now,
      uninstalled_at: null,
    };
    await this.db
      .insertInto('shopify_installs')
      .values({ shop_id: install.shopId, ...values })
      .onConflict((oc) => oc.column('shop_id').doUpdateSet(values))
      .execute();
  }

  /** app/uninstalled: the token is dead at Shopify, so ours goes too. */
  async uninstall(domain: string, now: number): Promise<void> {
    await this.db
      .updateTable('shopify_installs')
      .set({ token: '', uninstalled_at: now })
      .where('domain', '=', domain)
      .execute();
  }

  /**
   * True when none of the delivery's keys was seen before (Shopify delivers at least once). The keys are claimed in
   * order and the first one seen stops it, so of two deliveries racing for the same keys exactly one goes on.
   */
  async firstDelivery(keys: string[], topic: string, domain: string, now: number): Promise<boolean> {
    for (const key of keys) {
      const inserted = await this.db
        .insertInto('shopify_webhook_events')
        .values({ event_id: key, topic, domain, received_at: now })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    }
    return true;
  }

  async forgetDelivery(keys: string[]): Promise<void> {
    if (keys.length > 0) await this.db.deleteFrom('shopify_webhook_events').where('event_id', 'in', keys).execute();
  }

  async recordDataRequest(shopId: number, email: string, payload: string, now: number): Promise<void> {
    await this.db
      .insertInto('shopify_data_requests')
      .values({ shop_id: shopId, email, payload, received_at: now })
      .execute();
  }
}
