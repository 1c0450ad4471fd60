import type { ShopSettings } from '@return-center/contract';

/** A shop as every module sees it; its row is storefront-config's (`shops.repository.ts`, private to the module). */
export interface NewShop {
  shopUrl: string;
  name: string;
  currency: string;
  contactEmail: string;
  contactPhone: string;
}

export interface Shop {
  id: number;
  shopUrl: string;
  name: string;
  currency: string;
  currencyFormat: string;
  contactEmail: string;
  contactPhone: string;
  settings: ShopSettings;
  settingsVersion: number;
  /** Who saved the settings last ("console:<email>", "merchant-api", "cli", '' unknown) and when (seconds). */
  settingsSavedBy: string;
  settingsSavedAt: number;
}

/** How another module finds a shop: by id or domain, cached for a few seconds (the composition root passes the repository). */
export interface ShopLookup {
  byId(id: number): Promise<Shop | null>;
  byUrl(shopUrl: string): Promise<Shop | null>;
}
