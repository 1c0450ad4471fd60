import { configDefaults, defineConfig } from 'vitest/config';

const NODE_TESTS = [
  'packages/*/src/**/*.test.ts',
  'apps/*/src/**/*.test.ts',
  'apps/*/build/*.test.ts',
  'apps/*/test/**/*.test.ts',
  'architecture/*.test.ts',
];
const TIMED_BY_THE_EVENT_LOOP = [
  'apps/server/src/graceful-shutdown.test.ts',
  'apps/server/src/modules/order-feed/import-body.test.ts',
  'apps/server/src/cli/import/import-orders.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on a 2-core CI box that runs one file at a time, while most
    // API test files wait on a database rather than the CPU.
    maxWorkers: 2,
    testTimeout: 20000,
    hookTimeout: 30000,
    // Polled expectations wait for what a shopper would see; a busy CI machine must not turn that into a failure.
    expect: { poll: { timeout: 7000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: NODE_TESTS,
          exclude: [...configDefaults.exclude, ...TIMED_BY_THE_EVENT_LOOP],
          environment: 'node',
          // Files share a worker's loaded modules: importing the server's graph anew for each file cost a third of
          // the run. No server test changes module state (config is parsed per app, clocks are injected).
          isolate: false,
          // PostgreSQL schemas are migrated once per file and emptied between apps (apps/server/test/schema-pool.ts).
          setupFiles: ['apps/server/test/setup-schemas.ts'],
        },
      },
      {
        // Tests of work sliced by event-loop turns, and of a shutdown's timing, each in a worker of its own: timers
        // an earlier file left behind would take turns with them.
        extends: true,
        test: {
          name: 'node-alone',
          include: TIMED_BY_THE_EVENT_LOOP,
          environment: 'node',
          setupFiles: ['apps/server/test/setup-schemas.ts'],
        },
      },
      {
        // The portal's component tests render React in a DOM.
        extends: true,
        test: {
          name: 'portal-dom',
          include: ['apps/portal/src/**/*.test.tsx'],
          environment: 'jsdom',
        },
      },
      {
        // The console's component tests: its real routes against a fake server at the network (apps/admin/src/test).
        extends: true,
        test: {
          name: 'admin-dom',
          include: ['apps/admin/src/**/*.test.tsx'],
          environment: 'jsdom',
          // The settings page is one long form that renders again on every keystroke: typing into it in jsdom takes
          // over 20 s on a busy 2-core machine, though nothing waits on anything.
          testTimeout: 45000,
        },
      },
    ],
  },
});
