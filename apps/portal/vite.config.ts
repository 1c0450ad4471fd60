import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { frontEndBuild, ZOD_WITH_CSP } from '../../scripts/front-end-build.mjs';
import { landingPreload } from '../../scripts/landing-preload.mjs';
import { precompress } from '../../scripts/precompress.mjs';
import { portalLanding } from './build/landing';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), landingPreload(portalLanding), precompress()],
  // Files named relative to each other, so the portal runs under any path (the Shopify app proxy's /apps/returns);
  // the server makes the page's own references absolute for the path it serves it under.
  base: './',
  ...frontEndBuild([
    // zod and the CSP set-up share one chunk that everything validating imports; the login route loads it only with
    // its first answer (src/shared/load-validation.ts).
    { name: 'boot', test: ZOD_WITH_CSP, priority: 40 },
    // What the entry imports statically (the login route) in one file rather than a dozen shared fragments: it is all
    // loaded first anyway, and compresses about 5 KB smaller together.
    { name: 'index', tags: ['$initial'], priority: 30 },
    // A signed-in page's first round (ADR 058): the contract's schemas and validation in one file, the router, the
    // query library and the app's frame in another (eight requests rather than ten); the router's file does not import
    // the schemas, so it starts the first screen's calls while they load. Not the merchant's settings schema, which
    // only a failed configuration loads (shared/fetch-config.ts).
    {
      name: 'contract',
      test: /packages[\\/](contract|domain)[\\/](?!src[\\/]shop-settings\.ts)|src[\\/]shared[\\/]validation\.ts/,
      priority: 20,
    },
    {
      name: 'router',
      test: /node_modules[\\/](react-router|@tanstack)[\\/]|src[\\/]app[\\/]|[\\/](order-info-query|reasons-query|return-info)\.ts$/,
      priority: 10,
    },
    // The shared modules of the return's screens in one file, so that a step or the status page loads its code in one
    // round (five or six files, not nine to eleven); not those of the orders page, which the root preloads (ADR 058).
    {
      name: 'flow',
      test: /src[\\/]shared[\\/](?!(date|use-date|order-info|use-money|ui[\\/]status-badge)\.tsx?$)/,
      includeDependenciesRecursively: false,
      priority: 5,
    },
  ]),
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/go-api', '/v1', '/dev', '/health', '/documents', '/catalogue', '/uploads'].map((path) => [path, api]),
    ),
  },
});
