// Helpers shared by the start and test scripts. Node built-ins only: they run before `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  return result.status ?? 1;
}

/** The machine's CPU ticks since boot, busy and in all (Linux's /proc/stat); null elsewhere. */
function cpuTicks() {
  if (!existsSync('/proc/stat')) return null;
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, tick) => sum + tick, 0);
  return { busy: total - ticks[3] - ticks[4], total };
}

/** How busy the cores were since `before`: where a step waits rather than works, other steps could run beside it. */
function coresBusy(before) {
  const after = cpuTicks();
  if (!before || !after || after.total === before.total) return '';
  return `, cores ${String(Math.round((100 * (after.busy - before.busy)) / (after.total - before.total)))}% busy`;
}

export function mustRun(label, command, args, options) {
  console.log(`\n▶ ${label}`);
  const started = performance.now();
  const ticks = cpuTicks();
  const status = run(command, args, options);
  const took = `${((performance.now() - started) / 1000).toFixed(1)} s${coresBusy(ticks)}`;
  if (status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${status}, ${took})`);
    process.exit(status);
  }
  // Each step's time, so a slow CI run says where its minutes went.
  console.log(`✔ ${label} (${took})`);
}

/** Runs one step with its output held back, then prints it whole (so that lines of steps side by side never mix). */
function runHeld({ label, command, args }) {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
      process.stdout.write(Buffer.concat(output));
      if (code === 0) console.log(`✔ ${label} (${took})`);
      else console.error(`✖ ${label} failed (exit ${code}, ${took})`);
      done(code ?? 1);
    });
  });
}

/**
 * Runs lanes of steps side by side, the steps of a lane one after another (a lane stops at its first failure). Each
 * step's output is printed whole when it ends. Exits like `mustRun` if any failed, after every lane has ended.
 */
export async function mustRunTogether(lanes) {
  console.log(`\n▶ ${lanes.map((lane) => lane.map((step) => step.label).join(' → ')).join(' | ')} (side by side)`);
  const [started, ticks] = [performance.now(), cpuTicks()];
  const outcomes = await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) {
        const code = await runHeld(step);
        if (code !== 0) return code;
      }
      return 0;
    }),
  );
  console.log(`  together ${((performance.now() - started) / 1000).toFixed(1)} s${coresBusy(ticks)}`);
  const failed = outcomes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
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

/** Builds the server to JavaScript unless its build is newer than every server and shared-package source file. */
export function ensureServerBuild({ force = false } = {}) {
  const built = join(root, 'apps/server/dist/main.js');
  const sources = Math.max(newest(join(root, 'apps/server/src')), newest(join(root, 'packages')));
  if (!force && existsSync(built) && statSync(built).mtimeMs >= sources) return;
  mustRun('Building the server', process.execPath, [join(root, 'scripts/build-server.mjs')]);
}

/** Builds the portal unless its build is newer than every portal and shared-package source file. */
/** Builds a front end (`portal`, the shoppers' app, or `admin`, the merchant console) unless its build is current. */
export function ensureAppBuild(app, { force = false } = {}) {
  const built = join(root, `apps/${app}/dist/index.html`);
  const sources = Math.max(newest(join(root, `apps/${app}`)), newest(join(root, 'packages')));
  if (!force && existsSync(built) && statSync(built).mtimeMs >= sources) return;
  mustRun(`Building the ${app === 'admin' ? 'console' : app}`, 'npm', ['run', 'build', '--workspace', `apps/${app}`]);
}

export const ensurePortalBuild = (options) => ensureAppBuild('portal', options);

/**
 * API tests run on PostgreSQL as well only when TEST_DATABASE_URL is set. Without it the run says loudly that half
 * the database coverage is missing; with it, an unreachable server stops the run before any test, saying why.
 */
export async function checkPostgres(url) {
  if (!url) {
    const line = '!'.repeat(78);
    console.warn(
      `\n${line}\n  PostgreSQL is NOT tested in this run: TEST_DATABASE_URL is not set.\n` +
        '  API tests run on SQLite only. For both databases, e.g.:\n' +
        `  TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test\n${line}`,
    );
    if (process.env.CI) {
      console.error('\n✖ CI must test PostgreSQL: set TEST_DATABASE_URL.');
      process.exit(1);
    }
    return;
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
    console.log('\nAPI tests run on SQLite and PostgreSQL');
  } catch (error) {
    console.error(`\n✖ PostgreSQL at TEST_DATABASE_URL is unreachable: ${error.message}`);
    process.exit(1);
  } finally {
    await client.end().catch(() => {});
  }
}
