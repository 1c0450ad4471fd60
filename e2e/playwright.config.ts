import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
// A database file of this run (the runner sets it; its workers inherit it), so that operator commands such as
// `shops create` reach the server's data the way they do on a real host.
process.env.E2E_DATA_DIR ??= join(tmpdir(), `return-center-e2e-${String(process.pid)}`);
const dataDir = process.env.E2E_DATA_DIR;
const baseURL = `http://localhost:${port}`;

/** Real Chromium against the production build served by the real server, on a fresh database. */
export default defineConfig({
  testDir: './specs',
  // Another folder for a second run beside a first (each run empties its own at start).
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list']],
  // CI may share 2 cores with other work: waits there are longer, so a busy box is not mistaken for a broken page.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 7_000 },
  use: {
    baseURL,
    // A failed test keeps its trace, with the page's DOM at each step but no screencast (which cost a fifth of the
    // suite's CPU). CI keeps only its log, so it records none: tracing every test cost it a third of the suite's time.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'mobile',
      // Embedding and hostile content are about origins, messages and policies, not viewports, and they change
      // shared shop settings; the Shopify journey starts a server of its own; the rules journey is the console's
      // editor and the shop's policy, not a viewport; branding is the store configuration's texts and retries. The
      // console's journeys through settings, emails, webhooks, languages and the desk's tools test what the server
      // does behind a form; the console on a phone is checked by console.spec (Staff) and desk-export ("on a phone")
      // and by the analytics page. They run once, on the desktop.
      testIgnore:
        /(embedding|hostile-content|shopify|return-rules|branding|console-(emails|languages|settings|webhooks)|desk-(inspection|on-behalf|search))\.spec\.ts/,
      // A phone's width, touch and mobile viewport; drawn at one device pixel per CSS pixel, as layout is the same and
      // Chromium without a GPU paints four times the pixels at two.
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
    },
  ],
  webServer: {
    // The server as it ships: built to JavaScript (about a second), then started with plain node.
    command: 'node scripts/build-server.mjs && node --enable-source-maps apps/server/dist/main.js',
    cwd: '..',
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dataDir, 'db.sqlite')}`,
      DEV_TOOLS: 'true',
      // Every test signs in from this one machine; the per-address limit is tested in the API suite.
      LOGIN_LIMIT_PER_IP: '1000',
      UPLOAD_DIR: join(dataDir, 'uploads'),
      LOG_LEVEL: 'warn',
      // The webhooks journey's receiver listens on this machine, which webhooks may reach only when allowed.
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      NODE_ENV: 'production',
    },
  },
});
