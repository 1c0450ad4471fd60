import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls, Code, messages, type AnswerOf, type CallDef, type Envelope } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { present } from '@return-center/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, shop } from '../test/helper.js';
import { freePort, prepareDatabase, ServerProcess } from './server-process.js';

/**
 * The hostile upload corpus of docs/security.md against the real server process: each file is refused
 * with nothing stored, and the server's peak memory stays under 512 MB through it all, including six
 * 10 MB photos decoded at once.
 */
const RSS_BUDGET_MB = 512;

/**
 * The largest proof photo accepted: SPEC §5 upload rules and §9, "each file under 10 MB", so exactly 10 MB is
 * refused. Stated here rather than imported, so that a changed limit in the code fails.
 */
const MAX_PROOF_IMAGE_BYTES = 10 * 1024 * 1024 - 1;

/** A real 12 MP photo-like JPEG (noise compresses worst) just under the 10 MB limit. */
async function largePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const noise = randomBytes(width * height * 3);
  for (let quality = 92; ; quality -= 2) {
    const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length <= MAX_PROOF_IMAGE_BYTES) return jpeg;
  }
}

const smallPng = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

/** The corpus: what each file is, its bytes, and the message the shopper must see. */
async function corpus(): Promise<{ name: string; file: string; body: Buffer; msg: string }[]> {
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#39c' } })
    .jpeg()
    .toBuffer();
  return [
    {
      name: 'a GIF/HTML polyglot',
      file: 'trick.gif',
      body: Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<html><script>alert(document.cookie)</script></html>')]),
      msg: messages.uploadFailed,
    },
    {
      name: 'an SVG with script, named .png',
      file: 'logo.png',
      body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      msg: messages.imageType,
    },
    {
      name: 'a PDF with an image name (wrong magic bytes)',
      file: 'receipt.jpg',
      body: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'),
      msg: messages.imageType,
    },
    {
      name: 'a 20,000 × 20,000 pixel flood',
      file: 'flood.png',
      body: await sharp({ create: { width: 20_000, height: 200, channels: 3, background: '#000' } })
        .png()
        .toBuffer()
        .then((png) => patchPngHeight(png, 20_000)),
      msg: messages.uploadFailed,
    },
    {
      name: 'a decompression bomb (a real 6,000 × 6,000 PNG of 100 KB, 108 MB decoded)',
      file: 'bomb.png',
      body: await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#000' } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
      msg: messages.uploadFailed,
    },
    {
      name: 'an animated GIF of 990 frames',
      file: 'frames.gif',
      body: await manyFrames(990),
      msg: messages.uploadFailed,
    },
    { name: 'a truncated JPEG', file: 'cut.jpg', body: jpeg.subarray(0, jpeg.length >> 1), msg: messages.uploadFailed },
  ];
}

/** An animated GIF whose every frame differs (identical frames would be merged by the encoder). */
function manyFrames(frames: number): Promise<Buffer> {
  const side = 32;
  const raw = Buffer.alloc(side * side * 3 * frames);
  for (let frame = 0; frame < frames; frame++) {
    for (let pixel = 0; pixel < side * side; pixel++) {
      const at = (frame * side * side + pixel) * 3;
      raw[at] = (frame * 37 + pixel) % 256;
      raw[at + 1] = (frame * 91) % 256;
      raw[at + 2] = (pixel * 13) % 256;
    }
  }
  return sharp(raw, { raw: { width: side, height: side * frames, channels: 3, pageHeight: side } })
    .gif()
    .toBuffer();
}

/** Made once (the 990-frame GIF takes seconds to encode) and sent to the server of each database. */
let corpusMade: ReturnType<typeof corpus> | undefined;
const corpusFiles = () => (corpusMade ??= corpus());

/** Rewrites a PNG's declared height (IHDR), as a flood does: tiny file, huge claimed canvas. */
function patchPngHeight(png: Buffer, height: number): Buffer {
  const copy = Buffer.from(png);
  copy.writeUInt32BE(height, 20);
  return copy;
}

const files = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

describe.each(dialects)('hostile uploads on %s', (dialect) => {
  const dir = mkdtempSync(join(tmpdir(), 'rc-uploads-'));
  const uploadDir = join(dir, 'uploads');
  let server: ServerProcess;
  let drop = async () => {};
  let stop = async () => {};
  let token = '';

  beforeAll(async () => {
    // Encoding starts now, while the server starts; the first test awaits the same promise.
    void corpusFiles();
    const database = await prepareDatabase(dialect, dir);
    drop = database.drop;
    const port = await freePort();
    server = new ServerProcess(
      {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: database.url,
        UPLOAD_DIR: uploadDir,
        LOG_LEVEL: 'error',
        WORKER_INTERVAL_MS: '0',
      },
      `http://127.0.0.1:${port}`,
    );
    stop = async () => {
      await server.kill('SIGKILL');
    };
    await server.start();
    token = (await call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' })).data.token;
  });
  afterAll(async () => {
    await stop();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** One contract call over HTTP, as the portal makes it. */
  async function call<C extends CallDef>(
    def: C & { path: string },
    payload: Record<string, unknown>,
    auth = token,
  ): Promise<Envelope<AnswerOf<C>>> {
    const headers = { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) };
    const response =
      def.method === 'GET'
        ? await fetch(
            `${server.base}${def.path}?${new URLSearchParams(payload as Record<string, string>).toString()}`,
            {
              headers,
            },
          )
        : await fetch(server.base + def.path, { method: 'POST', headers, body: JSON.stringify(payload) });
    return (await response.json()) as Envelope<AnswerOf<C>>;
  }

  /** The browser's three steps: key, PUT, callback. */
  async function upload(filename: string, body: Buffer) {
    const key = await call(calls.getUploadKey, { filename });
    expect(key.code, key.msg).toBe(Code.Success);
    const { url, output_url } = key.data.data;
    const put = await fetch(server.base + url, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'application/octet-stream' },
    });
    const done = await call(calls.uploadCallback, { url: output_url });
    return { url, put: put.status, done };
  }

  it('refuses every file of the corpus with the right message and keeps none of them', async () => {
    for (const item of await corpusFiles()) {
      const { done } = await upload(item.file, item.body);
      expect(done, item.name).toEqual({ code: Code.InvalidInput, msg: item.msg, data: null });
    }
    const big = Buffer.alloc(MAX_PROOF_IMAGE_BYTES + 1);
    (await smallPng()).copy(big);
    const tooBig = await upload('big.png', big);
    expect(tooBig.put).toBe(413);
    expect(tooBig.done).toMatchObject({ code: Code.InvalidInput });
    expect(files(join(uploadDir, 'proof'))).toEqual([]);
    expect(files(join(uploadDir, 'incoming'))).toEqual([]);
  });

  it('keeps the first file of a signed URL and refuses a replay', async () => {
    const key = (await call(calls.getUploadKey, { filename: 'first.png' })).data.data;
    const first = await fetch(server.base + key.url, { method: 'PUT', body: await smallPng() });
    const replay = await fetch(server.base + key.url, { method: 'PUT', body: await largePhoto() });
    expect([first.status, replay.status]).toEqual([200, 409]);
    const done = await call(calls.uploadCallback, { url: key.output_url });
    expect(done).toMatchObject({ code: Code.Success, data: { type: 'image/png' } });
    const served = await fetch(server.base + done.data.ossUrl);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(40);
  });

  it('refuses a sixth photo on one return, and creates no request', async () => {
    const urls: string[] = [];
    for (let i = 0; i < 6; i++) urls.push((await upload(`p${i}.png`, await smallPng())).done.data.ossUrl);
    const orderId = present((await call(calls.index, {})).data.list[0], 'first order').id;
    const info = (await call(calls.orderInfo, { order_id: orderId })).data;
    const lineId = present(info.yes[0], 'first returnable line').line_item_id;
    const requestsBefore = (await call(calls.orderReturnList, {})).data.list.length;
    const submit = await call(
      calls.setReturnOrder,
      oneLineReturn(
        { orderId, lineId, idempotencyKey: randomBytes(12).toString('hex') },
        { reason: { provide_proof: urls } },
      ),
    );
    expect(submit.code).toBe(Code.InvalidInput);
    expect(submit.msg).toContain(messages.imageLimit);
    expect((await call(calls.orderReturnList, {})).data.list).toHaveLength(requestsBefore);
  });

  it(`decodes six 10 MB photos sent at once and stays under ${RSS_BUDGET_MB} MB`, async () => {
    const photo = await largePhoto();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(`phone-${i}.jpg`, photo)));
    for (const { done } of results) expect(done).toMatchObject({ code: Code.Success, data: { type: 'image/jpeg' } });
    const peak = server.peakRssMb();
    console.log(`${dialect}: peak server RSS ${peak.toFixed(0)} MB after the corpus and six parallel 10 MB photos`);
    expect(peak).toBeLessThan(RSS_BUDGET_MB);
    expect(files(join(uploadDir, 'incoming'))).toEqual([]);
  });
});
