// `npm test`: lint, typecheck, unit and API tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), then e2e in Chromium.
import { ensureChromium } from './chromium.mjs';
import { checkNode, checkPostgres, ensureDependencies, mustRun, mustRunTogether } from './lib.mjs';

checkNode();
ensureDependencies();
const bin = (name) => `node_modules/.bin/${name}`;

// Lint takes longest and uses one core; format, typecheck and the front ends' builds share the other.
await mustRunTogether([
  { label: 'Lint (eslint)', command: bin('eslint'), args: ['--max-warnings', '0', '.'] },
  { label: 'Format (prettier)', command: bin('prettier'), args: ['--check', '--log-level', 'warn', '.'] },
  // TypeScript 7's compiler (native) checks the types; typescript-eslint and the editors use TypeScript 5 (ADR 053).
  { label: 'Typecheck (tsc 7)', command: process.execPath, args: ['node_modules/typescript7/bin/tsc', '-b'] },
  {
    label: 'Portal and console builds, JavaScript budgets',
    command: process.execPath,
    args: ['scripts/build-apps.mjs'],
  },
]);
await checkPostgres(process.env.TEST_DATABASE_URL);
mustRun('Unit and API tests (vitest)', bin('vitest'), ['run']);
// The end-to-end suite builds the server it starts (e2e/playwright.config.ts webServer): not built here a second time.

let chrome;
try {
  chrome = ensureChromium();
} catch (error) {
  console.error(`\n✖ ${error.message}`);
  process.exit(1);
}
mustRun(
  'End-to-end tests (Playwright in Chromium)',
  bin('playwright'),
  ['test', '--config', 'e2e/playwright.config.ts'],
  {
    env: { ...process.env, CHROME_PATH: chrome },
  },
);
console.log('\n✔ All checks passed');
