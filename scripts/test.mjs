// `npm test`: format, lint, typecheck, unit and API tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set) and
// the front-end builds at once, then the e2e suite in Chromium, in shards that each start a server of their own.
import { ensureChromium } from './chromium.mjs';
import { checkNode, checkPostgres, ensureDependencies, mustRun } from './lib.mjs';
import { runTogether } from './steps.mjs';

checkNode();
ensureDependencies();
const bin = (name) => `node_modules/.bin/${name}`;
const buildApp = (app) => ['npm', ['run', 'build', '--workspace', `apps/${app}`]];

await checkPostgres(process.env.TEST_DATABASE_URL);
let chrome;
try {
  chrome = ensureChromium();
} catch (error) {
  console.error(`\n✖ ${error.message}`);
  process.exit(1);
}

// On two cores each of these alone leaves one idle; together they keep both busy (bench/README.md, CI).
await runTogether([
  { label: 'Unit and API tests (vitest)', commands: [[bin('vitest'), ['run']]] },
  { label: 'Lint (eslint)', commands: [[bin('eslint'), ['--max-warnings', '0', '.']]] },
  { label: 'Typecheck (tsc)', commands: [[bin('tsc'), ['-b']]] },
  { label: 'Format (prettier)', commands: [[bin('prettier'), ['--check', '--log-level', 'warn', '.']]] },
  {
    label: 'Portal build and login route JavaScript budget',
    commands: [buildApp('portal'), [process.execPath, ['scripts/bundle-budget.mjs']]],
  },
  { label: 'Console build', commands: [buildApp('admin')] },
]);

// Built once for every shard, and only now: the vitest run's compiled-server test builds into the same folder.
mustRun('Building the server', process.execPath, ['scripts/build-server.mjs']);
const SHARDS = 2;
const basePort = Number(process.env.E2E_PORT ?? 3210);
await runTogether(
  Array.from({ length: SHARDS }, (_, index) => {
    const shard = `${String(index + 1)}/${String(SHARDS)}`;
    return {
      label: `End-to-end tests, shard ${shard} (Playwright in Chromium)`,
      commands: [
        [bin('playwright'), ['test', '--config', 'e2e/playwright.config.ts', `--shard=${shard}`, '--workers=1']],
      ],
      env: {
        CHROME_PATH: chrome,
        E2E_PORT: String(basePort + index),
        E2E_OUTPUT_DIR: `../test-results/shard-${String(index + 1)}`,
        E2E_SERVER_BUILT: 'true',
      },
    };
  }),
);
console.log('\n✔ All checks passed');
