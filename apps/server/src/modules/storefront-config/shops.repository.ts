import type { Db } from '../../db/database.js';
import { parseShopSettings, type ShopSettings } from './shop-settings.js';

export interface Shop {
  id: number;
  shopUrl: string;
  name: string;
  currency: string;
  currencyFormat: string;
  contactEmail: string;
  contactPhone: string;
  settings: ShopSettings;
}

export class ShopsRepository {
  constructor(private readonly db: Db) {}

  async byUrl(shopUrl: string): Promise<Shop | null> {
    const row = await this.db
      .selectFrom('shops')
      .selectAll()
      .where('shop_url', '=', shopUrl.toLowerCase())
      .executeTakeFirst();
    return row ? toShop(row) : null;
  }

  async byId(id: number): Promise<Shop | null> {
    const row = await this.db.selectFrom('shops').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toShop(row) : null;
  }
}

function toShop(row: {
  id: number;
  shop_url: string;
  name: string;
  currency: string;
  currency_format: string;
  contact_email: string;
  contact_phone: string;
  settings: string;
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
  };
}
