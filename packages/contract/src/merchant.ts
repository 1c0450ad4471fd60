import type { MerchantRoute } from './merchant-route.js';
import { requestRoutes, requestStaffRoutes } from './merchant-requests.js';
import { settingsRoutes } from './settings-routes.js';
import { ruleRoutes } from './rules-routes.js';
import { orderFeedRoutes } from './order-feed-routes.js';
import { deskRoutes } from './desk-return-routes.js';
import { giftRoutes } from './gift-returns.js';
import { webhookRoutes } from './webhooks.js';
import { emailRoutes } from './emails.js';
import { withdrawalRoutes } from './withdrawal-desk.js';
import { retentionRoutes } from './retention.js';
import { reconciliationRoutes } from './exchange-reconciliation.js';
import { MERCHANT_BASE, merchantUrl } from './merchant-route.js';

/**
 * The merchant REST API (issue 4): bearer MERCHANT_API_KEY per shop, JSON envelope answers. Each area's routes live
 * with its schemas; this table, every route in the API's order, is the server's and the API reference's.
 */
export {
  MERCHANT_BASE,
  MERCHANT_STATUSES,
  fieldError,
  fieldErrors,
  merchantUrl,
  type FieldError,
  type MerchantRoute,
  type MerchantStatus,
} from './merchant-route.js';
export * from './merchant-requests.js';
export * from './settings-routes.js';
export * from './rules-routes.js';
export * from './order-feed-routes.js';
export * from './desk-return-routes.js';

export const merchantRoutes = {
  ...requestRoutes,
  ...settingsRoutes,
  ...ruleRoutes,
  ...orderFeedRoutes,
  ...webhookRoutes,
  ...emailRoutes,
  ...withdrawalRoutes,
  ...retentionRoutes,
  ...reconciliationRoutes,
  ...deskRoutes,
  ...giftRoutes,
  ...requestStaffRoutes,
} satisfies Record<string, MerchantRoute>;

export type MerchantRouteName = keyof typeof merchantRoutes;

/** A merchant route's URL under MERCHANT_BASE, with its `{id}` filled in. */
export const merchantPath = (name: MerchantRouteName, id?: number | string): string =>
  merchantUrl(merchantRoutes[name], id);

/** The same route as a Fastify pattern (`{id}` → `:id`). */
export const merchantRoutePattern = (name: MerchantRouteName): string =>
  MERCHANT_BASE + merchantRoutes[name].path.replace('{id}', ':id');
