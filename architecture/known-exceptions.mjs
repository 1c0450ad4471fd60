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
    why: 'EasyPost’s webhook is read outside its adapter',
    from: [`${MODULES}/carrier-webhooks/carrier-webhooks.{routes,service}.ts`],
    to: `${ADAPTERS}/carrier/easypost-webhook.ts`,
    point: '#31 point 2',
  },
  {
    why: 'the dev mailbox is told apart with `instanceof`',
    from: [`${MODULES}/dev/mailbox.routes.ts`],
    to: `${ADAPTERS}/mail/dev-mailbox.ts`,
    point: '#31 point 2',
  },
  {
    why: 'the local checkout and the order feed reach the local store itself',
    from: [`${MODULES}/exchanges/local-checkout.routes.ts`, `${MODULES}/order-feed/order-feed.service.ts`],
    to: `${ADAPTERS}/store-platform/local.ts`,
    point: '#31 point 2',
  },
  {
    why: 'the pickup reads the geocoder’s list of states',
    from: [`${MODULES}/pickup/pickup.service.ts`],
    to: `${ADAPTERS}/geocoder/us-states.ts`,
    point: '#31 point 2',
  },
  {
    why: 'disk storage is told apart with `instanceof`',
    from: [`${MODULES}/uploads/uploads.routes.ts`],
    to: `${ADAPTERS}/storage/disk.ts`,
    point: '#31 point 2',
  },
  {
    why: 'the Shopify module builds its adapter from the whole config',
    from: [`${MODULES}/shopify/shopify.setup.ts`],
    to: `{${ADAPTERS}/store-platform/shopify/shopify.ts,${SERVER}/config.ts}`,
    point: '#31 point 2',
  },
];
