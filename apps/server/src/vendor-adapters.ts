import { present } from '@return-center/domain';
import type { BankPayouts } from './adapters/bank-payout/port.js';
import { SandboxBankPayouts } from './adapters/bank-payout/sandbox.js';
import { easyPostWebhook } from './adapters/carrier/easypost-webhook.js';
import type { Carrier, CarrierWebhook } from './adapters/carrier/port.js';
import { SandboxCarrier } from './adapters/carrier/sandbox.js';
import { GazetteerGeocoder } from './adapters/geocoder/gazetteer.js';
import type { Geocoder } from './adapters/geocoder/port.js';
import type { ShopifyOAuthOptions } from './adapters/store-platform/shopify/oauth.js';
import type { ShopifyShops } from './adapters/store-platform/shopify/shopify.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';

export interface VendorAdapters {
  carrier: Carrier;
  /** Only with EASYPOST_WEBHOOK_SECRET: POST /webhooks/easypost exists only then. */
  carrierWebhook: CarrierWebhook | null;
  payouts: BankPayouts;
  geocoder: Geocoder;
}

/**
 * The carrier, the bank payouts and the address search: sandboxes and the offline gazetteer by default, the real
 * providers when configured. A real client loads only when chosen, so the default start stays small.
 */
export async function vendorAdapters(config: Config): Promise<VendorAdapters> {
  const timeoutMs = config.VENDOR_TIMEOUT_MS;
  const carrier =
    config.CARRIER === 'easypost'
      ? new (await import('./adapters/carrier/easypost.js')).EasyPostCarrier({
          apiKey: present(config.EASYPOST_API_KEY, 'EASYPOST_API_KEY'),
          baseUrl: config.EASYPOST_BASE_URL,
          timeoutMs,
        })
      : new SandboxCarrier();
  const payouts =
    config.PAYOUTS === 'wise'
      ? new (await import('./adapters/bank-payout/wise.js')).WiseBankPayouts({
          apiToken: present(config.WISE_API_TOKEN, 'WISE_API_TOKEN'),
          profileId: present(config.WISE_PROFILE_ID, 'WISE_PROFILE_ID'),
          baseUrl: config.WISE_BASE_URL,
          timeoutMs,
        })
      : new SandboxBankPayouts();
  const geocoder =
    config.GEOCODER === 'google-places'
      ? new (await import('./adapters/geocoder/google-places.js')).GooglePlacesGeocoder({
          apiKey: present(config.GOOGLE_PLACES_API_KEY, 'GOOGLE_PLACES_API_KEY'),
          baseUrl: config.GOOGLE_PLACES_BASE_URL,
          timeoutMs,
        })
      : new GazetteerGeocoder();
  const carrierWebhook = config.EASYPOST_WEBHOOK_SECRET ? easyPostWebhook(config.EASYPOST_WEBHOOK_SECRET) : null;
  return { carrier, carrierWebhook, payouts, geocoder };
}

/**
 * STORE_PLATFORM=shopify: the Shopify adapter, reading each shop's token from `shops` (its installs), and the app's
 * OAuth grant. Loaded only then, like the vendor adapters above.
 */
export async function shopifyAdapters(
  config: Config,
  {
    app,
    ...deps
  }: {
    db: Db;
    clock: Clock;
    shops: ShopifyShops;
    codeSecret: string;
    app: Pick<ShopifyOAuthOptions, 'apiKey' | 'secret' | 'scopes'>;
  },
) {
  const timeoutMs = config.VENDOR_TIMEOUT_MS;
  const apiOrigin = config.SHOPIFY_ADMIN_ORIGIN;
  const { ShopifyStorePlatform } = await import('./adapters/store-platform/shopify/shopify.js');
  const { ShopifyOAuth } = await import('./adapters/store-platform/shopify/oauth.js');
  return {
    platform: new ShopifyStorePlatform({ ...deps, apiOrigin, timeoutMs }),
    grant: new ShopifyOAuth({
      apiKey: app.apiKey,
      secret: app.secret,
      scopes: app.scopes,
      adminOrigin: apiOrigin,
      timeoutMs,
    }),
  };
}
