import { present } from '@return-center/domain';
import type { StorePlatform } from '../../adapters/store-platform/port.js';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { RateLimiter } from '../auth/rate-limiter.js';
import { appSecret } from '../documents/app-secrets.js';
import { SecretBox } from '../../secret-box.js';
import { ShopifyInstallService } from './shopify-install.service.js';
import { ShopifyInstalls } from './shopify-installs.repository.js';
import type { Privacy } from '../privacy/privacy.service.js';
import { ShopifyWebhooksService } from './shopify-webhooks.service.js';

/**
 * STORE_PLATFORM=shopify: the Shopify adapter (loaded only then, like the vendor adapters) reading each shop's token
 * from its install, and the install, webhook and app-proxy services around it.
 */
export async function shopifySetup(
  config: Config,
  db: Db,
  clock: Clock,
  limiter: RateLimiter,
  /** Privacy over this platform (privacy webhooks forget through every owner, the platform among them). */
  privacyWith: (platform: StorePlatform) => Privacy,
) {
  const secret = present(config.SHOPIFY_API_SECRET, 'SHOPIFY_API_SECRET');
  const apiKey = present(config.SHOPIFY_API_KEY, 'SHOPIFY_API_KEY');
  const installs = new ShopifyInstalls(db, new SecretBox(present(config.SHOPIFY_TOKEN_KEY, 'SHOPIFY_TOKEN_KEY')));
  const { ShopifyStorePlatform } = await import('../../adapters/store-platform/shopify/shopify.js');
  const platform = new ShopifyStorePlatform({
    db,
    shops: installs,
    clock,
    apiOrigin: config.SHOPIFY_ADMIN_ORIGIN,
    codeSecret: await appSecret(db, 'shopify-codes', config.APP_SECRET),
    timeoutMs: config.VENDOR_TIMEOUT_MS,
  });
  const install = new ShopifyInstallService({
    db,
    clock,
    installs,
    limiter,
    timeoutMs: config.VENDOR_TIMEOUT_MS,
    app: {
      apiKey,
      secret,
      scopes: config.SHOPIFY_SCOPES,
      publicUrl: present(config.PUBLIC_URL, 'PUBLIC_URL').replace(/\/$/, ''),
      adminOrigin: config.SHOPIFY_ADMIN_ORIGIN,
    },
  });
  const webhooks = new ShopifyWebhooksService({
    installs,
    privacy: privacyWith(platform),
    clock,
    forgetOrder: (shopId, shopifyOrderId) => platform.forgetShopifyOrder(shopId, shopifyOrderId),
    forgetCatalogue: (shopId) => platform.forgetCatalogue(shopId),
  });
  return { platform, services: { apiKey, secret, installs, install, webhooks } };
}

export type ShopifyServices = Awaited<ReturnType<typeof shopifySetup>>['services'];
