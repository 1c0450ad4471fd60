// @ts-check
/**
 * The parts of Return Center and what each may import (DESIGN §2), written once:
 * - lint enforces it (`architecture/lint.mjs`, loaded by eslint.config.js);
 * - docs/architecture.md draws its tables from it (`node architecture/draw.mjs --write`; a test compares).
 *
 * A part with `each` is one part per folder: every port, module and feature is its own part, so a feature never
 * imports another feature, and an adapter only its own port. Files of one part import one another freely. Patterns
 * are paths from the repository root; a file belongs to the first part whose pattern it matches.
 *
 * @typedef {{ id: string, files: string[], each?: string, says: string, uses: Use[] }} Part
 * @typedef {string | { own: string }} Use  a part's id, or `{ own: id }`: only the one of the same folder
 * @typedef {{ why: string, from: string[], to: string, point: string }} KnownException
 */

const SERVER = 'apps/server/src';
const PACKAGES = ['contract', 'domain'];
/** What every server part may use. */
const SERVER_BASE = [...PACKAGES, 'server-kit'];
/** What a module may use: never an adapter's implementation, another module's repository, the root or the CLI. */
const MODULE_USES = [...SERVER_BASE, 'server-db', 'server-http', 'server-port', 'server-context', 'server-module'];
const SERVER_PARTS = [
  'server-kit',
  'server-db',
  'server-http',
  'server-port',
  'server-adapter',
  'server-repository',
  'server-module',
  'server-context',
  'server-root',
  'server-cli',
];

/** @type {Part[]} */
export const PARTS = [
  {
    id: 'contract',
    files: ['packages/contract/**'],
    says: 'zod schemas of every call, entities, codes, constants, ids, the embed protocol',
    uses: [],
  },
  {
    id: 'domain',
    files: ['packages/domain/**'],
    says: 'pure rules shared by the server, the portal and the console: money, eligibility, pickup dates; no I/O',
    uses: ['contract'],
  },
  {
    id: 'server-tests',
    files: [
      'apps/server/{test,hardening,scripts}/**',
      `${SERVER}/security/**`,
      'apps/server/**/*.test.ts',
      'apps/server/**/test-support.ts',
    ],
    says: 'the server’s tests, local fakes of the vendors, hardening checks and dev scripts',
    uses: [...PACKAGES, ...SERVER_PARTS, 'scripts'],
  },
  {
    id: 'server-db',
    files: [`${SERVER}/db/**`],
    says: 'the Kysely instance (SQLite or PostgreSQL), the schema, migrations, the demo-shop seed',
    uses: SERVER_BASE,
  },
  {
    id: 'server-http',
    files: [`${SERVER}/http/**`],
    says: 'the envelope and its errors, `registerCall`, delivery of the portal and the console',
    uses: [...SERVER_BASE, 'server-db', 'server-port'],
  },
  {
    id: 'server-port',
    each: 'port',
    files: [`${SERVER}/adapters/*/port.ts`],
    says: 'a port: the interface of an outside service, in our own types',
    uses: SERVER_BASE,
  },
  {
    id: 'server-adapter',
    each: 'port',
    files: [`${SERVER}/adapters/*/**`],
    says: 'the implementations of one port (local or sandbox, and the real ones); private to the composition root',
    uses: [...SERVER_BASE, 'server-db', 'server-http', { own: 'server-port' }],
  },
  {
    id: 'server-repository',
    each: 'module',
    files: [`${SERVER}/modules/*/*.repository.ts`],
    says: 'a module’s repositories: the tables it owns, private to the module',
    uses: [...SERVER_BASE, 'server-db', 'server-port', { own: 'server-module' }],
  },
  {
    id: 'server-module',
    each: 'module',
    files: [`${SERVER}/modules/*/**`],
    says: 'a feature of the server: routes, services, jobs; reaches outside services through ports only',
    uses: [...MODULE_USES, { own: 'server-repository' }],
  },
  {
    id: 'server-context',
    files: [`${SERVER}/app-context.ts`],
    says: 'the `AppContext` every module’s routes receive',
    uses: [...PACKAGES, ...SERVER_PARTS.filter((id) => id !== 'server-cli')],
  },
  {
    id: 'server-root',
    files: [`${SERVER}/{main,app,services,config,vendor-adapters,startup-banner}.ts`],
    says: 'the composition root: config parsed once, adapters chosen and modules built; `main.ts` starts it',
    uses: [...PACKAGES, ...SERVER_PARTS],
  },
  {
    id: 'server-kit',
    files: [`${SERVER}/*.ts`],
    says: 'the other files beside the root: server-wide tools (the injectable clock, a bounded queue, the secret box)',
    uses: PACKAGES,
  },
  {
    id: 'server-cli',
    files: [`${SERVER}/cli/**`],
    says: '`npm run merchant`: the merchant API from a terminal, order import, the operator’s `shops` commands',
    uses: [...PACKAGES, ...SERVER_PARTS.filter((id) => id !== 'server-context')],
  },
  {
    id: 'portal-tests',
    files: ['apps/portal/src/test/**', 'apps/portal/src/**/*.test.{ts,tsx}'],
    says: 'the portal’s component tests and their render harness',
    uses: [...PACKAGES, 'portal-shared', 'portal-feature', 'portal-app'],
  },
  {
    id: 'portal-shared',
    files: ['apps/portal/src/{shared,locales,styles}/**'],
    says: 'the portal’s HTTP client, UI kit, i18n and locales, theme, storage helpers',
    uses: PACKAGES,
  },
  {
    id: 'portal-feature',
    each: 'feature',
    files: ['apps/portal/src/features/*/**'],
    says: 'one screen flow of the portal (api/ one file per call, components/, hooks/)',
    uses: [...PACKAGES, 'portal-shared'],
  },
  {
    id: 'portal-app',
    files: ['apps/portal/src/{app/**,main.tsx}'],
    says: 'the portal’s router, providers and layouts',
    uses: [...PACKAGES, 'portal-shared', 'portal-feature'],
  },
  {
    id: 'console-tests',
    files: ['apps/admin/src/test/**', 'apps/admin/src/**/*.test.{ts,tsx}'],
    says: 'the console’s tests',
    uses: [...PACKAGES, 'console-shared', 'console-feature', 'console-app'],
  },
  {
    id: 'console-shared',
    files: ['apps/admin/src/{shared,locales}/**'],
    says: 'the console’s API client, session, UI kit, i18n, labels',
    uses: PACKAGES,
  },
  {
    id: 'console-feature',
    each: 'feature',
    files: ['apps/admin/src/features/*/**'],
    says: 'one page of the merchant console: queue, request, settings, analytics, keys, staff, account, sign-in',
    uses: [...PACKAGES, 'console-shared'],
  },
  {
    id: 'console-app',
    files: ['apps/admin/src/{app/**,main.tsx}'],
    says: 'the console’s routes and shell, served at /admin',
    uses: [...PACKAGES, 'console-shared', 'console-feature'],
  },
  {
    id: 'e2e',
    files: ['e2e/**'],
    says: 'Playwright journeys against the production build; they reach the server over HTTP only',
    uses: PACKAGES,
  },
  {
    id: 'bench',
    files: ['bench/**'],
    says: 'load, bundle and Lighthouse benchmarks; they build the server in process',
    uses: [...PACKAGES, ...SERVER_PARTS, 'server-tests', 'scripts'],
  },
  {
    id: 'scripts',
    files: ['scripts/**'],
    says: '`npm start`, `npm test`, the server build, the JavaScript budget',
    uses: [],
  },
];

const MODULES = `${SERVER}/modules`;
const ADAPTERS = `${SERVER}/adapters`;

/**
 * Imports that break a rule above today, each with the issue point that removes it. Delete an entry together with
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
    why: 'the demo-shop seed writes requests with the helpers of two modules',
    from: [`${SERVER}/db/seed/demo-shop.ts`],
    to: `${MODULES}/{returns/returns.repository,returns/selection,storefront-config/currency-format}.ts`,
    point: '#31 point 3',
  },
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
  {
    why: 'the Shopify install makes its shop with the CLI’s `createShop`',
    from: [`${MODULES}/shopify/shopify-install.service.ts`],
    to: `${SERVER}/cli/shops.ts`,
    point: '#31 point 1',
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
  {
    why: 'Shopify’s redaction writes the tables of other modules itself',
    from: [`${MODULES}/shopify/shopify-redact.repository.ts`],
    to: `${MODULES}/{auth/code-mail-job,uploads/upload-redaction}.ts`,
    point: '#31 point 1',
  },
];
