import { defineConfig } from 'vitest/config';

/** `npm run test:hardening`: the long security checks of docs/security.md (their fast parts run in `npm test`). */
export default defineConfig({
  test: {
    include: ['apps/server/hardening/**/*.test.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
