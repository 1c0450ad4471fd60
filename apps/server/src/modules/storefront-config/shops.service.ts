import { shopSettings, shopUrl, type ShopSettings } from '@return-center/contract';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { newMerchantKey } from '../merchant/merchant-keys.js';
import { shopWebhookSecret } from '../order-feed/order-feed.service.js';
import type { NewShop, Shop } from './shop.js';
import { ShopsRepository } from './shops.repository.js';

export interface ShopOptions {
  name?: string | undefined;
  currency?: string | undefined;
  email?: string | undefined;
}

/**
 * Making a shop: the operator's `shops create`, a Shopify install, the demo seed. The shop's row is storefront-config's,
 * its first API key the merchant module's, its webhook secret the order feed's; each is asked through its owner.
 */
export class ShopsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * A new shop with default settings, its first API key and its order-feed webhook secret (both secrets are shown only
   * here). A domain or currency that is none, or a domain already taken, is refused with a message for the operator.
   */
  async create(domain: string, options: ShopOptions = {}) {
    const url = shopUrl.safeParse(domain);
    if (!url.success) throw new Error(`"${domain}" is not a shop domain, e.g. shop.example.com`);
    const currency = (options.currency ?? 'USD').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) throw new Error(`"${currency}" is not a currency code, e.g. EUR`);
    const shop = await this.add(
      {
        shopUrl: url.data,
        name: options.name ?? url.data,
        currency,
        contactEmail: options.email ?? '',
        contactPhone: '',
      },
      shopSettings.parse({}),
    );
    const { key: apiKey } = await newMerchantKey(this.db, this.clock, shop.id, 'cli');
    const webhookSecret = await shopWebhookSecret(this.db, this.clock, shop.id);
    return { shop, apiKey, webhookSecret };
  }

  /** The shop of this domain, if there is one. */
  byUrl(domain: string): Promise<Shop | null> {
    return new ShopsRepository(this.db, this.clock).byUrl(domain);
  }

  /** A shop with these details and settings, and nothing else yet (the demo seed's). */
  add(input: NewShop, settings: ShopSettings): Promise<Shop> {
    return new ShopsRepository(this.db, this.clock).create(input, settings).catch((error: unknown) => {
      throw isUniqueViolation(error) ? new Error(`A shop ${input.shopUrl} already exists`) : error;
    });
  }
}
