// @ts-check
/**
 * The parts of Return Center and what each may import (DESIGN §2), written once:
 * - lint enforces it (`architecture/lint.mjs`, loaded by eslint.config.js);
 * - docs/architecture.md draws its tables from it (`node architecture/draw.mjs --write`; a test compares).
 *
 * A part with `each` is one part per folder: every port, module and feature is its own part, so a feature never
 * imports another feature, and an adapter only its own port. Files of one part import one another freely. Patterns
 * are paths from the repository root; a file belongs to the first part whose pattern it matches. What breaks these
 * rules today is listed in known-exceptions.mjs, each import with the issue point that removes it.
 *
 * @typedef {{ id: string, files: string[], each?: string, says: string, uses: Use[] }} Part
 * @typedef {string | { own: string }} Use  a part's id, or `{ own: id }`: only the one of the same folder
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
  'server-table-rows',
  'server-http',
  'server-port',
  'server-adapter',
  'server-repository',
  'server-module',
  'server-context',
  'server-root',
  'server-cli',
  'server-demo',
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
      `${SERVER}/adapters/*/contract/**`,
    ],
    says: 'the server’s tests, the ports’ contract harnesses, local fakes of the vendors, hardening checks and dev scripts',
    uses: [...PACKAGES, ...SERVER_PARTS, 'scripts'],
  },
  {
    id: 'server-db',
    files: [`${SERVER}/db/**`],
    says: 'the Kysely instance (SQLite or PostgreSQL), the schema of every table, our migrations and their runner',
    // The schema composes `Database` from our tables and the adapters' row types (no code of an adapter).
    uses: [...SERVER_BASE, 'server-table-rows'],
  },
  {
    id: 'server-table-rows',
    each: 'port',
    files: [`${SERVER}/adapters/*/**/*-schema.ts`],
    says: 'the row types of an adapter’s own tables (types only), which db/schema.ts composes into `Database`',
    uses: [],
  },
  {
    id: 'server-http',
    files: [`${SERVER}/http/**`],
    says: 'the envelope and its errors, `serveRoute` for every contract route, delivery of the portal and the console',
    uses: [...SERVER_BASE, 'server-db', 'server-port'],
  },
  {
    id: 'server-port',
    each: 'port',
    files: [`${SERVER}/adapters/*/port*.ts`],
    says: 'a port: the interface of an outside service, in our own types',
    // The database's types: a port whose adapter keeps tables forgets people in the caller's transaction (ADR 028).
    uses: [...SERVER_BASE, 'server-db'],
  },
  {
    id: 'server-adapter',
    each: 'port',
    files: [`${SERVER}/adapters/*/**`],
    says: 'the implementations of one port (local or sandbox, and the real ones); private to the composition root',
    uses: [...SERVER_BASE, 'server-db', 'server-http', { own: 'server-port' }, { own: 'server-table-rows' }],
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
    files: [
      `${SERVER}/{main,app,services,services-shopify,config,vendor-adapters,startup-banner,table-owners,migrations,faults}.ts`,
    ],
    says: 'the composition root: config parsed once, adapters chosen, modules built, every table’s owner and migration listed; `main.ts` starts it',
    uses: [...PACKAGES, ...SERVER_PARTS],
  },
  {
    id: 'server-demo',
    files: [`${SERVER}/demo/**`],
    says: 'the demo shop: its catalogue and orders, seeded through the local store and the owning modules, and the dev route that copies an order',
    uses: [...MODULE_USES, 'server-adapter'],
  },
  {
    id: 'server-kit',
    files: [`${SERVER}/*.ts`],
    says: 'the other files beside the root: server-wide tools (the injectable clock, a bounded queue, the secret box, the metrics and the measuring of vendor calls)',
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
    says: '`npm start`, `npm test`, the server build, the JavaScript budget, the front ends’ build steps (precompression, first-screen preloads)',
    uses: [],
  },
];
