import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { ReadRecord } from './records.js';

/** JSON Lines (`.jsonl`, `.ndjson`): one order object per line; blank lines are skipped. */
export async function* readJsonlOrders(input: Readable): AsyncGenerator<ReadRecord> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line += 1;
    // Editors on Windows save a byte order mark that JSON.parse refuses.
    const json = line === 1 ? text.replace(/^\uFEFF/, '') : text;
    if (json.trim() === '') continue;
    yield parseOrderLine(json, line);
  }
}

function parseOrderLine(json: string, line: number): ReadRecord {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { line, id: '', error: `Not valid JSON: ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { line, id: '', error: 'Each line must be one JSON object (an order)' };
  const order = value as Record<string, unknown>;
  return { line, order };
}
