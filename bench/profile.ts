/**
 * Where a request's CPU goes (issue 37 point 3): order-number login, the orders list and returnInfo under load, with
 * V8's sampling profiler on the server's thread (the load runs in a worker thread, so its work is not in the
 * profile). For each call: the share of the busy time by area (our code, each package, Node, GC) and the functions
 * with the most self time.
 */
import { Session } from 'node:inspector/promises';
import { calls } from '@return-center/contract';
import { aliceRequest, bodies, emailSession, freshDatabase, startApp, UNLIMITED } from './app.js';
import { env } from './env.js';
import { load, log, post } from './load.js';
import type { ProfileCall, ProfileResult, ProfiledEndpoint, Stamp } from './results.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const root = new URL('../', import.meta.url).href;

/** The package a script belongs to, or the part of this project, or what V8 calls a frame without a script. */
function areaOf({ functionName, url }: ProfileNode['callFrame']): string {
  if (!url) return functionName === '(garbage collector)' ? 'GC' : `V8 ${functionName || '(native)'}`;
  if (url.startsWith('node:')) return 'Node.js';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
  if (pkg) return pkg;
  const own = url.startsWith(root) ? url.slice(root.length) : url;
  if (own.startsWith('apps/server/')) return 'server code';
  if (own.startsWith('packages/')) return 'contract and domain';
  return own;
}

/** A frame's name and place: `name file:line`, the file as a package path or this project's path. */
function frameOf({ functionName, url, lineNumber }: ProfileNode['callFrame']): string {
  if (!url) return functionName;
  const file = url.replace(/^.*node_modules\//, '').replace(root, '');
  return `${functionName || '(anonymous)'} ${file}:${String(lineNumber + 1)}`;
}

const top = (times: Map<string, number>, total: number, count: number) =>
  [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => ({ name, percent: Math.round((1000 * micros) / total) / 10 }));

/** Self time by area and by frame, as shares of the time the thread was not idle. */
function summarize(profile: CpuProfile): Omit<ProfileCall, 'requests'> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const areas = new Map<string, number>();
  const frames = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id);
    const micros = profile.timeDeltas[index] ?? 0;
    if (!frame || frame.functionName === '(idle)') return;
    busy += micros;
    const area = areaOf(frame);
    const name = frameOf(frame);
    areas.set(area, (areas.get(area) ?? 0) + micros);
    frames.set(name, (frames.get(name) ?? 0) + micros);
  });
  return { busyMs: Math.round(busy / 1000), areas: top(areas, busy, 10), frames: top(frames, busy, 12) };
}

export async function benchProfile(): Promise<Omit<ProfileResult, keyof Stamp>> {
  const database = await freshDatabase('sqlite');
  const server = await startApp(database, {}, { limits: UNLIMITED });
  const session = new Session();
  session.connect();
  try {
    const token = await emailSession(server.app, 'alice@example.com');
    const requestId = await aliceRequest(server.app, token);
    const runs: [ProfiledEndpoint, string, unknown, string?][] = [
      ['login', calls.login.path, bodies.login('#1001', 'alice@example.com')],
      ['orders', calls.index.path, bodies.orders, token],
      ['returnInfo', calls.returnInfo.path, bodies.returnInfo(requestId), token],
    ];
    await session.post('Profiler.enable');
    // Every 100 µs: a light request (~400 µs of CPU) gets a few samples each.
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    const profiles: Partial<Record<ProfiledEndpoint, ProfileCall>> = {};
    for (const [name, path, body, bearer] of runs) {
      log(`profile: ${name}`);
      // Profiled from the end of the warm-up: the busy time is the timed run's, the one its requests were counted in.
      const loaded = await load(`${server.base}${path}`, { ...post(body, bearer), workers: 1 }, () =>
        session.post('Profiler.start'),
      );
      const { profile } = await session.post('Profiler.stop');
      profiles[name] = { ...summarize(profile as CpuProfile), requests: Math.round(loaded.rps * env.seconds) };
    }
    return profiles as Record<ProfiledEndpoint, ProfileCall>;
  } finally {
    session.disconnect();
    await server.close();
    await database.drop();
  }
}
