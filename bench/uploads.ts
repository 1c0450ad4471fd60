/**
 * Proof photos: five 10 MB JPEGs through the real flow (upload key, PUT, callback) at once, then one after another,
 * against the built server in its own process, so its memory is its own.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls, Code, MAX_PROOF_IMAGE_BYTES, type Envelope } from '@return-center/contract';
import sharp from 'sharp';
import { bodies, freshDatabase } from './app.js';
import { JSON_HEADERS, log } from './load.js';
import type { Stamp, UploadRun, UploadsResult } from './results.js';
import { ensureBuiltServer, spawnServer, type ServerProcess } from './server-process.js';

const FILES = 5;
const IMAGE = join(tmpdir(), 'return-center-bench-proof.jpg');

/**
 * A noisy photo just under the server's size limit (made once, kept in the temp directory). Noise does not compress,
 * so a JPEG of it is as large as its quality and pixel count make it.
 */
async function tenMegabyteJpeg(): Promise<{ data: Buffer; width: number; height: number }> {
  if (existsSync(IMAGE) && statSync(IMAGE).size <= MAX_PROOF_IMAGE_BYTES && statSync(IMAGE).size > 9.5 * 2 ** 20) {
    const data = readFileSync(IMAGE);
    const { width, height } = await sharp(data).metadata();
    return { data, width, height };
  }
  const [width, fullHeight] = [4000, 3000];
  const pixels = randomBytes(width * fullHeight * 3);
  // Softer noise: the file size falls by less per quality step.
  for (let i = 0; i < pixels.length; i++) pixels[i] = 112 + ((pixels[i] ?? 0) >> 3);
  const encode = (height: number, quality: number) =>
    sharp(pixels.subarray(0, width * height * 3), { raw: { width, height, channels: 3 } })
      .jpeg({ quality, chromaSubsampling: '4:4:4' })
      .toBuffer();
  // The highest quality whose full photo is under the limit; then one step higher, with rows cut to fit.
  let over: { quality: number; bytes: number } | null = null;
  for (let quality = 100; quality >= 50; quality--) {
    const full = await encode(fullHeight, quality);
    if (full.length > MAX_PROOF_IMAGE_BYTES) {
      over = { quality, bytes: full.length };
      continue;
    }
    let [data, height] = [full, fullHeight];
    if (over) {
      const cut = Math.floor((fullHeight * 0.99 * MAX_PROOF_IMAGE_BYTES) / over.bytes);
      const closer = await encode(cut, over.quality);
      if (closer.length <= MAX_PROOF_IMAGE_BYTES && closer.length > full.length) [data, height] = [closer, cut];
    }
    writeFileSync(IMAGE, data);
    return { data, width, height };
  }
  throw new Error('Could not make a JPEG just under the upload limit');
}

async function api<T>(base: string, path: string, init: RequestInit): Promise<T> {
  const response = await fetch(`${base}${path}`, init);
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== Code.Success) throw new Error(`${path}: ${String(body.code)} ${body.msg}`);
  return body.data;
}

/** The browser's three steps for one file; answers the milliseconds they took. */
async function uploadOne(base: string, token: string, image: Buffer, name: string): Promise<number> {
  const started = performance.now();
  const auth = { authorization: `Bearer ${token}` };
  const key = await api<{ data: { url: string; output_url: string } }>(
    base,
    `${calls.getUploadKey.path}?filename=${encodeURIComponent(name)}`,
    { headers: auth },
  );
  const put = await fetch(`${base}${key.data.url}`, {
    method: 'PUT',
    body: image,
    headers: { 'content-type': 'application/octet-stream' },
  });
  await put.arrayBuffer();
  if (put.status !== 200) throw new Error(`PUT of ${name}: HTTP ${String(put.status)}`);
  await api(base, `${calls.uploadCallback.path}?url=${encodeURIComponent(key.data.output_url)}`, { headers: auth });
  return performance.now() - started;
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** Pings /health every 20 ms from a child process (bench/health-pinger.ts) until `stop` is called. */
export function healthPinger(url: string): { stop: () => Promise<[number, number][]> } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'health-pinger.ts'), url], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    stop: async () => {
      const exited = once(child, 'exit');
      child.stdin.end();
      await exited;
      return JSON.parse(output) as [number, number][];
    },
  };
}

/** Runs `work` while /health is pinged and the server's memory is sampled every 50 ms. */
async function observed(server: ServerProcess, work: () => Promise<(number | null)[]>): Promise<UploadRun> {
  const pinger = healthPinger(server.url);
  // Its first pings wait for tsx to start; the work starts once it has, and only pings sent since count.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const started = Date.now();
  let peakRss = server.rssMb();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.rssMb())), 50);
  const times = await work();
  clearInterval(sampler);
  const pings = await pinger.stop();
  const done = times.filter((t): t is number => t !== null);
  return {
    files: times.length,
    p95Ms: Math.round(percentile(done, 95)),
    maxMs: Math.round(Math.max(0, ...done)),
    errors: times.length - done.length,
    peakRssMb: Math.round(peakRss),
    hwmMb: Math.round(server.hwmMb()),
    healthP99Ms: Math.round(
      percentile(
        pings.filter(([at]) => at >= started).map(([, ms]) => ms),
        99,
      ),
    ),
  };
}

export async function benchUploads(): Promise<Omit<UploadsResult, keyof Stamp>> {
  ensureBuiltServer();
  const { data: image, width, height } = await tenMegabyteJpeg();
  const database = await freshDatabase('sqlite');
  const uploads = mkdtempSync(join(tmpdir(), 'bench-uploads-'));
  const server = await spawnServer({ DATABASE_URL: database.url, UPLOAD_DIR: uploads });
  try {
    const { token } = await api<{ token: string }>(server.url, calls.login.path, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(bodies.login('#1001', 'alice@example.com')),
    });
    const attempt = (name: string) =>
      uploadOne(server.url, token, image, name).catch((error: unknown) => {
        log(`uploads: ${name} failed: ${String(error)}`);
        return null;
      });
    log(`uploads: ${String(FILES)} × ${(image.length / 1024 / 1024).toFixed(1)} MB at once`);
    const parallel = await observed(server, () =>
      Promise.all(Array.from({ length: FILES }, (_, i) => attempt(`parallel-${String(i)}.jpg`))),
    );
    log(`uploads: ${String(FILES)} one after another`);
    const sequential = await observed(server, async () => {
      const times: (number | null)[] = [];
      for (let i = 0; i < FILES; i++) times.push(await attempt(`sequential-${String(i)}.jpg`));
      return times;
    });
    return { fileMb: Math.round((image.length / 1024 / 1024) * 100) / 100, width, height, parallel, sequential };
  } finally {
    await server.stop();
    await database.drop();
    rmSync(uploads, { recursive: true, force: true });
  }
}
