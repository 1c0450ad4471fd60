import { present } from '@return-center/domain';
import type { StorePlatform } from './adapters/store-platform/port.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { VendorWatch } from './vendor-calls.js';
import type { RateLimiter } from './modules/auth/rate-limiter.js';
import { appSecret } from './modules/documents/app-secrets.js';
import type { Privacy } from './modules/privacy/privacy.service.js';
import { ShopifyInstalls } from './modules/shopify/shopify-installs.repository.js';
import { shopifyServices } from './modules/shopify/shopify.setup.js';
import { SecretBox } from './secret-box.js';
import { shopifyAdapters } from './vendor-adapters.js';

/** STORE_PLATFORM=shopify: the adapter over the shops' installs (their tokens sealed), and the services around it. */
export async function shopifySetup(
  config: Config,
  db: Db,
  clock: Clock,
  limiter: RateLimiter,
  privacyWith: (platform: StorePlatform) => Privacy,
  watch: VendorWatch,
) {
  const app = {
    apiKey: present(config.SHOPIFY_API_KEY, 'SHOPIFY_API_KEY'),
    secret: present(config.SHOPIFY_API_SECRET, 'SHOPIFY_API_SECRET'),
    scopes: config.SHOPIFY_SCOPES,
    publicUrl: present(config.PUBLIC_URL, 'PUBLIC_URL').replace(/\/$/, ''),
  };
  const installs = new ShopifyInstalls(db, new SecretBox(present(config.SHOPIFY_TOKEN_KEY, 'SHOPIFY_TOKEN_KEY')));
  const codeSecret = await appSecret(db, 'shopify-codes', config.APP_SECRET);
  const { platform, grant } = await shopifyAdapters(config, { db, clock, shops: installs, codeSecret, app }, watch);
  const services = shopifyServices({
    db,
    clock,
    limiter,
    installs,
    app,
    grant,
    privacy: privacyWith(platform),
    forgetOrder: (shopId, shopifyOrderId) => platform.forgetShopifyOrder(shopId, shopifyOrderId),
    forgetCatalogue: (shopId) => platform.forgetCatalogue(shopId),
  });
  return { platform, services };
}
