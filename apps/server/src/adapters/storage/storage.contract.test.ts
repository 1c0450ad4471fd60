import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '../../../test/fakes/s3-server.js';
import { START } from '../../../test/helper.js';
import { fixedClock } from '../../clock.js';
import { DiskStorage } from './disk.js';
import { FileTooLarge, type Storage } from './port.js';
import { S3Storage } from './s3.js';

/** What every storage adapter must do; each runs this same file. */
const adapters: [string, () => Promise<{ storage: Storage; close: () => Promise<void> }>][] = [
  [
    'disk',
    () =>
      Promise.resolve({
        storage: new DiskStorage(mkdtempSync(join(tmpdir(), 'storage-')), 's'.repeat(32), fixedClock(START)),
        close: async () => {},
      }),
  ],
  [
    's3 (local fake)',
    async () => {
      const s3 = await startFakeS3('contract');
      const storage = new S3Storage({
        bucket: 'contract',
        region: 'us-east-1',
        endpoint: s3.endpoint,
        accessKeyId: 'test',
        secretAccessKey: 'test-secret',
        forcePathStyle: true,
      });
      return {
        storage,
        close: async () => {
          storage.destroy();
          await s3.close();
        },
      };
    },
  ],
];

describe.each(adapters)('storage port: %s', (_name, open) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(() => close());

  it('writes, reads back and removes a file; a missing one reads as null', async () => {
    await storage.write('proof/1/a.png', Buffer.from('hello'), 'image/png');
    expect((await storage.read('proof/1/a.png'))?.toString()).toBe('hello');
    await storage.remove('proof/1/a.png');
    expect(await storage.read('proof/1/a.png')).toBeNull();
    expect(await storage.read('proof/1/never.png')).toBeNull();
  });

  it('refuses to read past a size cap instead of holding the whole file', async () => {
    await storage.write('incoming/1/big.png', Buffer.alloc(64 * 1024 + 1, 7), 'image/png');
    await expect(storage.read('incoming/1/big.png', 64 * 1024)).rejects.toBeInstanceOf(FileTooLarge);
    expect((await storage.read('incoming/1/big.png', 64 * 1024 + 1))?.length).toBe(64 * 1024 + 1);
  });

  it('hands out an upload URL for a key', async () => {
    const url = await storage.uploadUrl('incoming/1/c.png', 'image/png');
    expect(url).toMatch(/incoming\/1\/c\.png/);
  });
});
