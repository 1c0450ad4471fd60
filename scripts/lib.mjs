// Helpers shared by the start and test scripts. Node built-ins only: they run before `npm install`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  return result.status ?? 1;
}

export function mustRun(label, command, args, options) {
  console.log(`\n▶ ${label}`);
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${status})`);
    process.exit(status);
  }
}

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Return Center needs Node.js 20.19 or newer; this is ${process.version}.`);
    process.exit(1);
  }
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = join(root, 'node_modules/.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  mustRun('Installing dependencies', 'npm', ['ci', '--no-audit', '--no-fund']);
}

function newest(dir) {
  if (!existsSync(dir)) return 0;
  let latest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** Builds the portal unless its build is newer than every portal and shared-package source file. */
export function ensurePortalBuild({ force = false } = {}) {
  const built = join(root, 'apps/portal/dist/index.html');
  const sources = Math.max(newest(join(root, 'apps/portal')), newest(join(root, 'packages')));
  if (!force && existsSync(built) && statSync(built).mtimeMs >= sources) return;
  mustRun('Building the portal', 'npm', ['run', 'build', '--workspace', 'apps/portal']);
}
