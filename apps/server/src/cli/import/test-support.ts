import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { readOrders, type OrderFileFormat } from './read-order-file.js';
import type { ReadRecord } from './records.js';

const folders: string[] = [];

/** Writes `content` to a new file named `name` in a fresh folder under the system's temp folder. */
export async function tempFile(name: string, content: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'order-import-'));
  folders.push(folder);
  const file = join(folder, name);
  await writeFile(file, content);
  return file;
}

export async function removeTempFiles() {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** The records a reader yields for this text, fed to it in chunks of `chunkSize` characters. */
export function readText(format: OrderFileFormat, text: string, chunkSize = text.length): Promise<ReadRecord[]> {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += Math.max(1, chunkSize)) chunks.push(text.slice(i, i + chunkSize));
  return collect(readOrders(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), format));
}

/** A valid order of the feed, as a store would send it. */
export function sampleOrder(n: number) {
  return {
    id: `o-${String(n)}`,
    name: `#${String(1000 + n)}`,
    email: `shopper${String(n)}@example.com`,
    currency: 'USD',
    created_at: 1_700_000_000 + n,
    lines: [{ id: `l-${String(n)}`, title: 'Linen shirt', price: 4500, quantity: 1 }],
  };
}
