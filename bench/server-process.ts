/** The built server (`node apps/server/dist/main.js`, as `npm start` runs it) in a child process of its own. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { serverCommand, serverEnvDefaults } from '../scripts/server.mjs';
import { log } from './load.js';

const root = join(import.meta.dirname, '..');
const built = join(root, 'apps/server/dist/main.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the server when it has not been built (BENCH_REBUILD=1: always); warns when sources are newer. */
export function ensureBuiltServer(): void {
  if (!existsSync(built) || process.env.BENCH_REBUILD === '1') {
    log('building the server (node scripts/build-server.mjs)');
    const result = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error('The server build failed');
    return;
  }
  const sources = Math.max(newestSource(join(root, 'apps/server/src')), newestSource(join(root, 'packages')));
  if (sources > statSync(built).mtimeMs)
    log('warning: apps/server/dist is older than the sources; BENCH_REBUILD=1 rebuilds it first');
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  url: string;
  /** From spawn to the start-up banner, which main.ts prints once the port listens. */
  listeningMs: number;
  /** Resident memory now (VmRSS), and the highest since start (VmHWM), in MB. */
  rssMb: () => number;
  hwmMb: () => number;
  stop: () => Promise<void>;
}

function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

/**
 * Starts the built server on loopback with `env` (and nothing else of this process's environment but PATH and HOME),
 * and answers once it listens.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const [command, args] = serverCommand;
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...serverEnvDefaults,
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stderr.on('data', keep);
  const listeningMs = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      keep(chunk);
      if (output.includes('Return Center is running at')) {
        child.stdout.off('data', onData);
        child.stdout.on('data', keep);
        resolve(performance.now() - started);
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      reject(new Error(`The server exited (${String(code)}) before listening:\n${output}`));
    });
  });
  const pid = child.pid ?? 0;
  return {
    child,
    pid,
    url: `http://127.0.0.1:${String(port)}`,
    listeningMs,
    rssMb: () => statusMb(pid, 'VmRSS'),
    hwmMb: () => statusMb(pid, 'VmHWM'),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
