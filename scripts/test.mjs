// `npm test`: lint, typecheck, unit and API tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), then e2e in Chromium.
import { ensureChromium } from './chromium.mjs';
import { checkNode, checkPostgres, ensureDependencies, mustRun, mustRunTogether } from './lib.mjs';

checkNode();
ensureDependencies();
const bin = (name) => `node_modules/.bin/${name}`;

await checkPostgres(process.env.TEST_DATABASE_URL);
// Lint takes longest and holds one core; format, typecheck and the front ends' builds take the other for about a
// minute, then the unit and API tests start there, beside the rest of the lint (issue 37). Chromium is installed
// when missing after the lint, while the tests run.
await mustRunTogether([
  [
    { label: 'Lint (eslint)', command: bin('eslint'), args: ['--max-warnings', '0', '.'] },
    { label: 'Chromium for the end-to-end tests', command: process.execPath, args: ['scripts/chromium.mjs'] },
  ],
  [
    { label: 'Format (prettier)', command: bin('prettier'), args: ['--check', '--log-level', 'warn', '.'] },
    // TypeScript 7's compiler (native) checks the types; typescript-eslint and the editors use TypeScript 5 (ADR 053).
    { label: 'Typecheck (tsc 7)', command: process.execPath, args: ['node_modules/typescript7/bin/tsc', '-b'] },
    {
      label: 'Portal and console builds, JavaScript budgets',
      command: process.execPath,
      args: ['scripts/build-apps.mjs'],
    },
    { label: 'Unit and API tests (vitest)', command: bin('vitest'), args: ['run'] },
  ],
]);
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
