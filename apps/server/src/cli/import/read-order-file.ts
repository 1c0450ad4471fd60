import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import { readCsvOrders } from './read-csv.js';
import { readJsonlOrders } from './read-jsonl.js';
import type { ReadRecord } from './records.js';

export type OrderFileFormat = 'jsonl' | 'csv';

/** The format of an order file, by its extension. */
export function orderFileFormat(file: string): OrderFileFormat {
  const extension = extname(file).toLowerCase();
  if (extension === '.jsonl' || extension === '.ndjson') return 'jsonl';
  if (extension === '.csv') return 'csv';
  throw new Error(`Give a .jsonl, .ndjson or .csv file, not "${file}"`);
}

/** The records of an order file as they are read, one order (or read error) at a time. */
export function readOrders(input: Readable, format: OrderFileFormat): AsyncGenerator<ReadRecord> {
  return format === 'csv' ? readCsvOrders(input) : readJsonlOrders(input);
}
