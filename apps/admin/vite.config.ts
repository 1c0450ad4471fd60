import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { frontEndBuild, ZOD_WITH_CSP } from '../../scripts/front-end-build.mjs';
import { landingPreload } from '../../scripts/landing-preload.mjs';
import { precompress } from '../../scripts/precompress.mjs';
import { consoleLanding } from './build/landing';

const api = 'http://localhost:3000';

export default defineConfig({
  base: '/admin/',
  plugins: [react(), landingPreload(consoleLanding), precompress()],
  // zod and the CSP set-up in one chunk (as the portal's build does).
  ...frontEndBuild([{ name: 'zod', test: ZOD_WITH_CSP }]),
  server: {
    port: 5174,
    proxy: Object.fromEntries(['/admin/api', '/merchant', '/catalogue', '/uploads', '/documents'].map((p) => [p, api])),
  },
});
