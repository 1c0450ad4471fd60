import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { calls, Code, messages } from '@return-center/contract';
import { present } from '@return-center/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, shop, submitReturn, type TestApp } from '../../../test/helper.js';
import { startFakeS3 } from '../../../test/fakes/s3-server.js';

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
const gif = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#3c3' } })
    .gif()
    .toBuffer();
const jpegWithGps = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#33c' } })
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'GPS 3000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 0/1' },
    })
    .jpeg()
    .toBuffer();

/** A PNG whose header claims width × height pixels (a decompression bomb's calling card at 50000 × 50000). */
function pixelFlood(width = 50_000, height = 50_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(100))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const drivers = ['disk', 's3'] as const;

describe.each(dialects.flatMap((dialect) => drivers.map((driver) => [dialect, driver] as const)))(
  'proof uploads on %s with %s storage',
  (dialect, driver) => {
    let t: TestApp;
    let token: string;
    let s3: Awaited<ReturnType<typeof startFakeS3>> | null = null;
    /** Image decoding is at capacity while this is true (a fault injected through the app's options). */
    let decodingFull = false;

    beforeAll(async () => {
      s3 = driver === 's3' ? await startFakeS3('proofs') : null;
      t = await buildTestApp(
        dialect,
        s3
          ? {
              STORAGE_DRIVER: 's3',
              S3_BUCKET: 'proofs',
              S3_ENDPOINT: s3.endpoint,
              S3_FORCE_PATH_STYLE: 'true',
              S3_ACCESS_KEY_ID: 'test',
              S3_SECRET_ACCESS_KEY: 'test-secret',
            }
          : { UPLOAD_DIR: mkdtempSync(join(tmpdir(), 'uploads-')) },
        { faults: { decodingFull: () => decodingFull } },
      );
      token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' })).body
        .data.token;
    });
    afterAll(async () => {
      await t.close();
      await s3?.close();
    });

    /** The browser's three steps: key, PUT, callback. */
    async function upload(filename: string, body: Buffer, who = token) {
      const key = (await t.call(calls.getUploadKey, { filename }, who)).body;
      if (key.code !== Code.Success) return { key, put: null, done: null };
      const url: string = key.data.data.url;
      const put = url.startsWith('/')
        ? (
            await t.app.inject({
              method: 'PUT',
              url,
              payload: body,
              headers: { 'content-type': 'application/octet-stream' },
            })
          ).statusCode
        : (await fetch(url, { method: 'PUT', body, headers: { 'content-type': 'image/png' } })).status;
      const done = (await t.call(calls.uploadCallback, { url: key.data.data.output_url }, who)).body;
      return { key, put, done };
    }

    it('stores PNG, JPEG and GIF photos re-encoded, served with nosniff', async () => {
      for (const [name, body, type] of [
        ['a.png', await png(), 'image/png'],
        ['b.JPG', await jpegWithGps(), 'image/jpeg'],
        ['c.gif', await gif(), 'image/gif'],
      ] as const) {
        const { done } = await upload(name, body);
        expect(done).toMatchObject({ code: Code.Success, data: { name, type } });
        const { ossUrl } = present(done, 'upload callback answer').data;
        expect(ossUrl).toMatch(/^\/uploads\/proof\//);
        const served = await t.app.inject({ method: 'GET', url: ossUrl });
        expect(served.headers['content-type']).toBe(type);
        expect(served.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('strips EXIF and GPS metadata', async () => {
      const original = await jpegWithGps();
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const { done } = await upload('gps.jpg', original);
      const served = await t.app.inject({ method: 'GET', url: present(done, 'upload callback answer').data.ossUrl });
      expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    });

    it('rejects by content, not by name: text, SVG and a GIF/HTML polyglot', async () => {
      expect((await upload('notes.png', Buffer.from('just some text, not an image'))).done).toMatchObject({
        code: Code.InvalidInput,
        msg: messages.imageType,
      });
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      expect((await upload('logo.png', svg)).done?.msg).toBe(messages.imageType);
      expect((await t.call(calls.getUploadKey, { filename: 'logo.svg' }, token)).body).toMatchObject({
        code: Code.InvalidInput,
        msg: messages.imageType,
      });
      const polyglot = Buffer.concat([
        Buffer.from('GIF89a'),
        Buffer.from('<html><script>alert(document.cookie)</script></html>'),
      ]);
      const { done } = await upload('trick.gif', polyglot);
      expect(done).toMatchObject({ code: Code.InvalidInput, msg: messages.uploadFailed });
    });

    it('refuses a pixel flood before decoding it', async () => {
      expect((await upload('bomb.png', pixelFlood())).done).toMatchObject({
        code: Code.InvalidInput,
        msg: messages.uploadFailed,
      });
      // 25 megapixels is more than any phone photo needs.
      expect((await upload('large.png', pixelFlood(5000, 5000))).done).toMatchObject({ code: Code.InvalidInput });
    });

    it('answers "busy, try again" when decoding is at capacity, and the same upload finishes on a retry', async () => {
      decodingFull = true;
      try {
        const { key, done } = await upload('later.png', await png());
        expect(done).toEqual({ code: Code.Busy, msg: messages.busy, data: null });
        decodingFull = false;
        const retry = await t.call(calls.uploadCallback, { url: key.data.data.output_url }, token);
        expect(retry.body).toMatchObject({ code: Code.Success, data: { type: 'image/png' } });
      } finally {
        decodingFull = false;
      }
    });

    it('deletes the file of an upload nobody finished, once its link is long expired', async () => {
      const key = (await t.call(calls.getUploadKey, { filename: 'left.png' }, token)).body.data.data;
      const url: string = key.url;
      if (url.startsWith('/'))
        await t.app.inject({ method: 'PUT', url, payload: await png(), headers: { 'content-type': 'image/png' } });
      else await fetch(url, { method: 'PUT', body: await png(), headers: { 'content-type': 'image/png' } });
      const storage = t.app.ctx.services.uploads.storage;
      expect(await storage.read(key.key)).not.toBeNull();
      await t.app.ctx.services.uploads.sweep();
      expect(await storage.read(key.key)).not.toBeNull();
      t.clock.advance(31 * 60 * 1000);
      expect(await t.app.ctx.services.uploads.sweep()).toBeGreaterThanOrEqual(1);
      expect(await storage.read(key.key)).toBeNull();
      const late = await t.call(calls.uploadCallback, { url: key.output_url }, token);
      expect(late.body).toMatchObject({ code: Code.InvalidInput, msg: messages.uploadFailed });
      t.clock.advance(-31 * 60 * 1000);
    });

    it('refuses a file of 10 MB: each file must be under 10 MB (spec §5)', async () => {
      const big = Buffer.alloc(10 * 1024 * 1024, 0);
      (await png()).copy(big);
      const { put, done } = await upload('big.png', big);
      // Disk refuses it while streaming (nothing is stored); S3 cannot cap a presigned PUT, so the callback refuses
      // to read past 10 MB and says why.
      if (driver === 'disk') expect(put).toBe(413);
      expect(done).toMatchObject({
        code: Code.InvalidInput,
        msg: driver === 'disk' ? messages.uploadFailed : messages.imageSize,
      });
    });

    it("does not let another shopper finish someone else's upload", async () => {
      const bob = (await t.call(calls.login, { shop_url: shop, email: 'bob@example.com', order_number: '#1003' })).body
        .data.token;
      const key = (await t.call(calls.getUploadKey, { filename: 'x.png' }, token)).body.data.data;
      expect((await t.call(calls.uploadCallback, { url: key.output_url }, bob)).body).toMatchObject({
        code: Code.InvalidInput,
        msg: messages.uploadFailed,
      });
    });

    it('accepts only the shopper’s own finished uploads as proof, at most 5', async () => {
      const { done } = await upload('proof.png', await png());
      const { ossUrl } = present(done, 'upload callback answer').data;
      const six = Array.from({ length: 6 }, () => ossUrl);
      const { requestId } = await submitReturn(t, { title: 'Canvas Sneakers', proof: [ossUrl] });
      expect(requestId).toBeGreaterThan(0);
      await expect(
        submitReturn(t, {
          order: '#1004',
          email: 'carol@example.com',
          title: 'Merino Sweater',
          proof: ['/uploads/proof/1/someone-else.png'],
        }),
      ).rejects.toThrow(/upload the photos first/);
      await expect(
        submitReturn(t, { order: '#1004', email: 'carol@example.com', title: 'Merino Sweater', proof: six }),
      ).rejects.toThrow(messages.imageLimit);
    });
  },
);

describe.each(dialects)('signed upload URLs (disk) on %s', (dialect) => {
  it('refuse a tampered or expired signature', async () => {
    const t = await buildTestApp(dialect, { UPLOAD_DIR: mkdtempSync(join(tmpdir(), 'uploads-')) });
    const token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' }))
      .body.data.token;
    const url: string = (await t.call(calls.getUploadKey, { filename: 'a.png' }, token)).body.data.data.url;
    const put = (target: string) =>
      t.app.inject({ method: 'PUT', url: target, payload: Buffer.from('x'), headers: { 'content-type': 'image/png' } });
    expect((await put(url.replace(/sig=.{4}/, 'sig=AAAA'))).statusCode).toBe(403);
    t.clock.advance(16 * 60 * 1000);
    expect((await put(url)).statusCode).toBe(403);
    await t.close();
  });

  it('accept one upload per URL: a replay is refused and the first file is the one kept', async () => {
    const t = await buildTestApp(dialect, { UPLOAD_DIR: mkdtempSync(join(tmpdir(), 'uploads-')) });
    const token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' }))
      .body.data.token;
    const key = (await t.call(calls.getUploadKey, { filename: 'a.png' }, token)).body.data.data;
    const put = (body: Buffer) =>
      t.app.inject({ method: 'PUT', url: key.url, payload: body, headers: { 'content-type': 'image/png' } });
    expect((await put(await png())).statusCode).toBe(200);
    const replay = await put(Buffer.alloc(1024 * 1024, 1));
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ code: Code.InvalidInput, msg: 'This upload link was used already' });
    const done = await t.call(calls.uploadCallback, { url: key.output_url }, token);
    expect(done.body).toMatchObject({ code: Code.Success, data: { type: 'image/png' } });
    await t.close();
  });

  it('limit upload keys per address across sessions', async () => {
    const t = await buildTestApp(dialect, { UPLOAD_DIR: mkdtempSync(join(tmpdir(), 'uploads-')) });
    const login = async (email: string, order_number: string) =>
      (await t.call(calls.login, { shop_url: shop, email, order_number })).body.data.token;
    const [alice, bob, carol] = await Promise.all([
      login('alice@example.com', '#1001'),
      login('bob@example.com', '#1003'),
      login('carol@example.com', '#1004'),
    ]);
    const key = (token: string, ip: string) => t.call(calls.getUploadKey, { filename: 'a.png' }, token, ip);
    for (let i = 0; i < 30; i++) {
      expect((await key(alice, '198.51.100.4')).body.code).toBe(Code.Success);
      expect((await key(bob, '198.51.100.4')).body.code).toBe(Code.Success);
    }
    expect((await key(carol, '198.51.100.4')).status).toBe(429);
    expect((await key(carol, '198.51.100.5')).body.code).toBe(Code.Success);
    await t.close();
  });
});
