// Finds Chromium for the e2e suite: CHROME_PATH, then the usual system paths; installs it when missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const candidates = () =>
  [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);
const found = () => candidates().find((path) => existsSync(path));

export function ensureChromium() {
  const existing = found();
  if (existing) return existing;
  if (process.env.CHROME_PATH) {
    throw new Error(`CHROME_PATH is set to ${process.env.CHROME_PATH}, but no browser is there.`);
  }
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log('\n▶ Installing Chromium with apt-get');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  } else {
    console.log("\n▶ Installing Chromium with Playwright's installer");
    spawnSync('npx', ['playwright', 'install', 'chromium'], {
      stdio: 'inherit',
      cwd: new URL('../e2e', import.meta.url).pathname,
    });
  }
  const installed = found();
  if (installed) return installed;
  throw new Error(
    'Chromium is needed for the e2e tests and could not be found or installed. ' +
      'Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROME_PATH to a Chromium or Chrome binary.',
  );
}

// Run as a script (a step of `npm test`, beside the others): finds or installs it, and prints where it is.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
