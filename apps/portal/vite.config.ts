import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { landingPreload } from '../../scripts/landing-preload.mjs';
import { precompress } from '../../scripts/precompress.mjs';
import { portalLanding } from './build/landing';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), landingPreload(portalLanding), precompress()],
  // Files named relative to each other, so the portal runs under any path (the Shopify app proxy's /apps/returns);
  // the server makes the page's own references absolute for the path it serves it under.
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and the CSP set-up share one chunk that everything validating imports, so `z.config` runs before any
          // schema is made (a schema made earlier probes `new Function`, which the CSP refuses and reports). The
          // login route loads it only with its first answer (src/shared/load-validation.ts).
          groups: [
            { name: 'boot', test: /node_modules[\\/]zod[\\/]|src[\\/]shared[\\/]csp\.ts/ },
            // What the entry imports statically (the login route) in one file rather than a dozen shared fragments:
            // it is all loaded first anyway, and compresses about 5 KB smaller together.
            { name: 'index', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  // The server puts a fresh nonce in place of this for every page (its CSP allows no other inline script or style).
  html: { cspNonce: 'RETURN_CENTER_NONCE' },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/go-api', '/v1', '/dev', '/health', '/documents', '/catalogue', '/uploads'].map((path) => [path, api]),
    ),
  },
});
