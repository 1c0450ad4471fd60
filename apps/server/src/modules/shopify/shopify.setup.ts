import type { InstallGrant } from '../../adapters/store-platform/port.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { RateLimiter } from '../auth/rate-limiter.js';
import type { Privacy } from '../privacy/privacy.service.js';
import { ShopifyInstallService, type ShopifyApp } from './shopify-install.service.js';
import type { ShopifyInstalls } from './shopify-installs.repository.js';
import { ShopifyWebhooksService } from './shopify-webhooks.service.js';

/**
 * STORE_PLATFORM=shopify: the install, webhook and app-proxy services around the Shopify adapter, which the
 * composition root builds (with its OAuth grant) over the same installs.
 */
export function shopifyServices(deps: {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  installs: ShopifyInstalls;
  app: ShopifyApp;
  grant: InstallGrant;
  /** Privacy over the Shopify platform (privacy webhooks forget through every owner, the platform among them). */
  privacy: Privacy;
  forgetOrder: (shopId: number, shopifyOrderId: number) => void;
  forgetCatalogue: (shopId: number) => void;
}) {
  const { db, clock, limiter, installs, app, grant, privacy, forgetOrder, forgetCatalogue } = deps;
  return {
    apiKey: app.apiKey,
    secret: app.secret,
    installs,
    install: new ShopifyInstallService({ db, clock, installs, limiter, app, grant }),
    webhooks: new ShopifyWebhooksService({ installs, privacy, clock, forgetOrder, forgetCatalogue }),
  };
}
