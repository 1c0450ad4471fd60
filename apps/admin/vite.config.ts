import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { landingPreload } from '../../scripts/landing-preload.mjs';
import { precompress } from '../../scripts/precompress.mjs';
import { consoleLanding } from './build/landing';

const api = 'http://localhost:3000';

export default defineConfig({
  base: '/admin/',
  plugins: [react(), landingPreload(consoleLanding), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and the CSP set-up in one chunk, so `z.config` runs before any schema is made: made earlier, a schema
          // probes `new Function`, which the CSP refuses and reports (as the portal's build does).
          groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]shared[\\/]csp\.ts/ }],
        },
      },
    },
  },
  // The server puts a fresh nonce in place of this for every page (apps/server/src/http/console.ts).
  html: { cspNonce: 'RETURN_CENTER_NONCE' },
  server: {
    port: 5174,
    proxy: Object.fromEntries(['/admin/api', '/merchant', '/catalogue', '/uploads', '/documents'].map((p) => [p, api])),
  },
});
