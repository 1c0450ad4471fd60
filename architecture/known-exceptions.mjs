// @ts-check
/**
 * @typedef {{ why: string, from: string[], to: string, point: string }} KnownException
 */

const SERVER = 'apps/server/src';
const MODULES = `${SERVER}/modules`;
const ADAPTERS = `${SERVER}/adapters`;

/**
 * Imports that break a rule of parts.mjs today, each with the issue point that removes it. Delete an entry together with
 * the last import it allows; add none without an issue that removes it.
 * @type {KnownException[]}
 */
export const KNOWN_EXCEPTIONS = [
  {
    why: 'db lists the local store’s migrations with its own',
    from: [`${SERVER}/db/migrate.ts`],
    to: `${ADAPTERS}/store-platform/migrations/*.ts`,
    point: '#31 point 3',
  },
  {
    why: 'the seeds fill the demo shop through the local store',
    from: [`${SERVER}/db/seed/demo-shop.ts`, `${SERVER}/db/seed/demo-orders.ts`],
    to: `${ADAPTERS}/store-platform/local.ts`,
    point: '#31 point 3',
  },
  {
    why: 'the demo-shop seed, under db/, stores its shop and request through the owning modules',
    from: [`${SERVER}/db/seed/demo-shop.ts`],
    to: `${MODULES}/{requests/new-request,shops/shops.service,returns/selection,storefront-config/currency-format}.ts`,
    point: '#31 point 3',
  },
  {
    why: 'modules use the shops’ repository (most only for its `Shop` row) instead of a service',
    from: [
      `${MODULES}/analytics/analytics.service.ts`,
      `${MODULES}/auth/{auth.service,code-mail-job}.ts`,
      `${MODULES}/exchanges/local-checkout.routes.ts`,
      `${MODULES}/merchant/merchant.service.ts`,
      `${MODULES}/notifications/{branded-layout,request-emails,verification-email}.ts`,
      `${MODULES}/order-feed/{order-feed.service,order-webhook}.ts`,
      `${MODULES}/orders/{order-source,orders.service}.ts`,
      `${MODULES}/requests/{lifecycle.service,request-detail,request-jobs}.ts`,
      `${MODULES}/returns/{returns.service,selection}.ts`,
      `${MODULES}/shopify/shopify-install.service.ts`,
      `${MODULES}/shops/shops.service.ts`,
      `${MODULES}/staff/{staff-links,staff.service}.ts`,
    ],
    to: `${MODULES}/storefront-config/shops.repository.ts`,
    point: '#31 point 1',
  },
  {
    why: 'the merchant’s service and the carrier’s webhooks use the requests’ repository',
    from: [`${MODULES}/merchant/merchant.service.ts`, `${MODULES}/carrier-webhooks/carrier-webhooks.service.ts`],
    to: `${MODULES}/requests/requests.repository.ts`,
    point: '#31 point 1',
  },
];
