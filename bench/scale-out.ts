/**
 * Two processes of the built server behind a local round-robin proxy, sharing one PostgreSQL (and Redis when it runs):
 * throughput through the proxy with one backend and with two, and one client's login limit holding across both.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { calls, Code, type Envelope } from '@return-center/contract';
import { bodies, freshDatabase } from './app.js';
import { load, log, post, JSON_HEADERS } from './load.js';
import type { Load, ScaleOutResult, Stamp } from './results.js';
import { ensureBuiltServer, spawnServer, type ServerProcess } from './server-process.js';
import { env } from './env.js';

/** The server's default sign-in tries per client address (LOGIN_LIMIT_PER_IP). */
const LOGIN_LIMIT = 30;

async function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port || 6379) });
  const timer = setTimeout(() => socket.destroy(new Error('timeout')), 1000);
  try {
    await once(socket, 'connect');
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    socket.destroy();
  }
}

async function startProxy(clientAddress: string, backends: ServerProcess[]) {
  const ports = backends.map((b) => new URL(b.url).port);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'proxy.ts'), clientAddress, ...ports],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  const [port] = await new Promise<[string]>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /proxy listening (\d+)/.exec(output)?.[1];
      if (found) resolve([found]);
    });
    child.once('exit', (code) => {
      reject(new Error(`The proxy exited (${String(code)}): ${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const randomAddress = (prefix: string) => `${prefix}.${String(1 + Math.floor(Math.random() * 254))}`;

async function throughput(proxy: string, token: string): Promise<{ getConfig: Load; orders: Load }> {
  return {
    getConfig: await load(`${proxy}${calls.getConfig.path}`, post(bodies.getConfig)),
    orders: await load(`${proxy}${calls.index.path}`, post(bodies.orders, token)),
  };
}

/** LOGIN_LIMIT + 1 order-number sign-ins at different numbers from one client address, through both backends. */
async function loginLimit(proxy: string): Promise<ScaleOutResult['rateLimit']> {
  const perBackend = [0, 0];
  let firstRefused: number | null = null;
  let refusedStatus: number | null = null;
  let refusedCode: number | null = null;
  for (let attempt = 1; attempt <= LOGIN_LIMIT + 1; attempt++) {
    const response = await fetch(`${proxy}${calls.login.path}`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(bodies.login(`#${String(900_000 + attempt)}`, 'alice@example.com')),
    });
    const body = (await response.json()) as Envelope<unknown>;
    const backend = Number(response.headers.get('x-bench-backend'));
    perBackend[backend] = (perBackend[backend] ?? 0) + 1;
    if (firstRefused === null && body.code === Code.RateLimited) {
      firstRefused = attempt;
      refusedStatus = response.status;
      refusedCode = body.code;
    }
  }
  return { limit: LOGIN_LIMIT, attempts: LOGIN_LIMIT + 1, firstRefused, refusedStatus, refusedCode, perBackend };
}

export async function benchScaleOut(): Promise<Omit<ScaleOutResult, keyof Stamp> | null> {
  if (!env.pgUrl) {
    log('scaleout: skipped, it needs PostgreSQL (BENCH_PG_URL or TEST_DATABASE_URL)');
    return null;
  }
  ensureBuiltServer();
  const redis = await reachable(env.redisUrl);
  if (!redis) log(`scaleout: no Redis at ${env.redisUrl}; the servers run without REDIS_URL`);
  const database = await freshDatabase('postgres');
  const uploads = mkdtempSync(join(tmpdir(), 'bench-scaleout-'));
  const serverEnv = {
    DATABASE_URL: database.url,
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    UPLOAD_DIR: uploads,
    ...(redis ? { REDIS_URL: env.redisUrl } : {}),
  };
  const servers: ServerProcess[] = [];
  const proxies: { url: string; stop: () => Promise<void> }[] = [];
  try {
    // One after the other: the first creates the tables and the demo shop.
    servers.push(await spawnServer(serverEnv));
    servers.push(await spawnServer(serverEnv));
    const [first] = servers;
    if (!first) throw new Error('no server');
    const one = await startProxy(randomAddress('198.51.100'), [first]);
    proxies.push(one);
    const both = await startProxy(randomAddress('203.0.113'), servers);
    proxies.push(both);
    const login = await fetch(`${one.url}${calls.login.path}`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(bodies.login('#1001', 'alice@example.com')),
    });
    const { token } = ((await login.json()) as Envelope<{ token: string }>).data;
    log('scaleout: login limit across both processes');
    const rateLimit = await loginLimit(both.url);
    log('scaleout: one backend');
    const oneFigures = await throughput(one.url, token);
    log('scaleout: two backends');
    const twoFigures = await throughput(both.url, token);
    return { redis, one: oneFigures, two: twoFigures, rateLimit };
  } finally {
    for (const proxy of proxies) await proxy.stop();
    for (const server of servers) await server.stop();
    await database.drop();
    rmSync(uploads, { recursive: true, force: true });
  }
}
