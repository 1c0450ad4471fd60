import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import { defaultCurrencyFormat } from './currency-format.js';
import type { Db } from '../../db/database.js';
import { parseShopSettings, type ShopSettings } from '@return-center/contract';
import type { NewShop, Shop, ShopLookup } from './shop.js';

const CACHE_MS = 5000;

/**
 * Shops are read on nearly every call and change rarely: rows are cached for a few seconds per
 * instance, and a settings write through this repository drops its entry at once.
 */
export class ShopsRepository implements ShopLookup {
  private readonly cache = new Map<string, { shop: Shop | null; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  byUrl(shopUrl: string): Promise<Shop | null> {
    const url = shopUrl.toLowerCase();
    return this.cached(`url:${url}`, () =>
      this.db.selectFrom('shops').selectAll().where('shop_url', '=', url).executeTakeFirst(),
    );
  }

  byId(id: number): Promise<Shop | null> {
    return this.cached(`id:${id}`, () =>
      this.db.selectFrom('shops').selectAll().where('id', '=', id).executeTakeFirst(),
    );
  }

  /** The shop as stored now, past the cache (its settings' version decides whether a save may go ahead). */
  async fresh(shop: Shop): Promise<Shop> {
    const row = await this.db.selectFrom('shops').selectAll().where('id', '=', shop.id).executeTakeFirstOrThrow();
    return toShop(row);
  }

  /** Adds a shop with default settings; its domain must be new. */
  async create(input: NewShop, settings: ShopSettings): Promise<Shop> {
    const row = await this.db
      .insertInto('shops')
      .values({
        shop_url: input.shopUrl.toLowerCase(),
        name: input.name,
        currency: input.currency,
        currency_format: defaultCurrencyFormat(input.currency),
        contact_email: input.contactEmail,
        contact_phone: input.contactPhone,
        settings: JSON.stringify(settings),
        created_at: nowSeconds(this.clock),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    this.cache.delete(`url:${row.shop_url}`);
    return toShop(row);
  }

  list(): Promise<{ id: number; shop_url: string; name: string; created_at: number }[]> {
    return this.db.selectFrom('shops').select(['id', 'shop_url', 'name', 'created_at']).orderBy('id').execute();
  }

  /**
   * Saves the settings and returns their new version; with `fromVersion`, only when the stored version is still that
   * one (compare-and-set in the database, so two instances cannot both win), else null and nothing changes.
   */
  async updateSettings(shop: Shop, settings: ShopSettings, fromVersion?: number, savedBy = ''): Promise<number | null> {
    let update = this.db
      .updateTable('shops')
      .set((eb) => ({
        settings: JSON.stringify(settings),
        settings_version: eb('settings_version', '+', 1),
        settings_saved_by: savedBy,
        settings_saved_at: nowSeconds(this.clock),
      }))
      .where('id', '=', shop.id);
    if (fromVersion !== undefined) update = update.where('settings_version', '=', fromVersion);
    const row = await update.returning('settings_version').executeTakeFirst();
    this.cache.delete(`id:${shop.id}`);
    this.cache.delete(`url:${shop.shopUrl}`);
    return row ? row.settings_version : null;
  }

  private async cached(key: string, load: () => Promise<ShopRow | undefined>): Promise<Shop | null> {
    const now = this.clock.nowMs();
    const hit = this.cache.get(key);
    if (hit && hit.until > now) return hit.shop;
    const row = await load();
    const shop = row ? toShop(row) : null;
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(key, { shop, until: now + CACHE_MS });
    return shop;
  }
}

type ShopRow = Parameters<typeof toShop>[0];

function toShop(row: {
  id: number;
  shop_url: string;
  name: string;
  currency: string;
  currency_format: string;
  contact_email: string;
  contact_phone: string;
  settings: string;
  settings_version: number;
  settings_saved_by: string;
  settings_saved_at: number | string;
}): Shop {
  return {
    id: row.id,
    shopUrl: row.shop_url,
    name: row.name,
    currency: row.currency,
    currencyFormat: row.currency_format,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    settings: parseShopSettings(row.settings),
    settingsVersion: row.settings_version,
    settingsSavedBy: row.settings_saved_by,
    settingsSavedAt: Number(row.settings_saved_at),
  };
}
