import { IMPORT_BATCH_MAX } from '@return-center/contract';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BATCH_BYTES_MAX,
  BATCHES_IN_FLIGHT,
  ImportStopped,
  importOrders,
  type BatchAnswer,
  type SendBatch,
} from './import-orders.js';
import type { ProgressState } from './progress.js';
import type { RawOrder } from './records.js';
import { removeTempFiles, sampleOrder, tempFile } from './test-support.js';

afterAll(removeTempFiles);

/** A JSON Lines file of `count` good orders, a blank line every 100 orders and one bad line; and each order's line. */
function jsonlFile(count: number) {
  const lines: string[] = [];
  const lineOf = new Map<string, number>();
  for (let n = 1; n <= count; n += 1) {
    if (n % 100 === 0) lines.push('');
    if (n === 700) lines.push('{ this is not json');
    lines.push(JSON.stringify(sampleOrder(n)));
    lineOf.set(`o-${String(n)}`, lines.length);
  }
  return { text: `${lines.join('\n')}\n`, lineOf, badLine: lines.indexOf('{ this is not json') + 1 };
}

const idOf = (order: RawOrder) => String(order.id);

/**
 * A server that holds each batch until as many as the importer may send at once have arrived (or all orders have),
 * then answers after a moment: the importer gets every chance to send more than it should.
 */
function slowServer(expectedOrders: number, refuse: (id: string) => string | undefined = () => undefined) {
  const batches: string[][] = [];
  const held: (() => void)[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const send: SendBatch = async (orders) => {
    batches.push(orders.map(idOf));
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise<void>((release) => {
      held.push(release);
      const received = batches.reduce((sum, batch) => sum + batch.length, 0);
      if (held.length >= BATCHES_IN_FLIGHT || received >= expectedOrders)
        setTimeout(() => {
          held.shift()?.();
          if (received >= expectedOrders) held.splice(0).forEach((next) => next());
        }, 5);
    });
    inFlight -= 1;
    const failed = orders.flatMap((order, index) => {
      const error = refuse(idOf(order));
      return error ? [{ index, id: idOf(order), error }] : [];
    });
    return { saved: orders.length - failed.length, failed } satisfies BatchAnswer;
  };
  return { send, batches, maxInFlight: () => maxInFlight };
}

describe('importing an order file', () => {
  it('sends every order once, in batches of at most 500, one at a time', async () => {
    const { text } = jsonlFile(2_600);
    const server = slowServer(2_600);
    const summary = await importOrders({ file: await tempFile('orders.jsonl', text), send: server.send });
    expect(server.batches.map((batch) => batch.length)).toEqual([500, 500, 500, 500, 500, 100]);
    expect(server.batches.every((batch) => batch.length <= IMPORT_BATCH_MAX)).toBe(true);
    expect(server.batches.flat()).toEqual(Array.from({ length: 2_600 }, (_, i) => `o-${String(i + 1)}`));
    expect(server.maxInFlight()).toBe(1);
    expect(summary.saved).toBe(2_600);
  });

  it('keeps each batch within the size one import call may carry', async () => {
    const image = `https://cdn.example.com/${'x'.repeat(1_900)}.jpg`;
    const bigOrder = (n: number) => ({
      ...sampleOrder(n),
      lines: ['a', 'b', 'c', 'd'].map((id) => ({ id, title: 'Shirt', image, price: 4500, quantity: 1 })),
    });
    const orders = Array.from({ length: 600 }, (_, i) => JSON.stringify(bigOrder(i + 1)));
    orders.splice(300, 0, JSON.stringify({ ...sampleOrder(999), note: 'x'.repeat(BATCH_BYTES_MAX) }));
    const bodies: string[] = [];
    const send: SendBatch = (batch) => {
      bodies.push(JSON.stringify({ orders: batch }));
      return Promise.resolve({ saved: batch.length, failed: [] });
    };
    const summary = await importOrders({ file: await tempFile('big.jsonl', orders.join('\n')), send });
    expect(bodies.length).toBeGreaterThan(1);
    expect(bodies.every((body) => Buffer.byteLength(body) <= 4 * 1024 * 1024)).toBe(true);
    expect(summary).toEqual({
      saved: 600,
      failed: [
        { line: 301, id: 'o-999', error: expect.stringMatching(/more than one import call can carry/) as unknown },
      ],
    });
  });

  it('reports refused orders and unreadable lines by their line in the file, and saves the rest', async () => {
    const { text, lineOf, badLine } = jsonlFile(1_200);
    const refused = new Set(['o-3', 'o-777', 'o-1200']);
    const server = slowServer(1_200, (id) => (refused.has(id) ? `${id} is refused` : undefined));
    const summary = await importOrders({ file: await tempFile('orders.ndjson', text), send: server.send });
    expect(summary).toEqual({
      saved: 1_197,
      failed: [
        { line: lineOf.get('o-3'), id: 'o-3', error: 'o-3 is refused' },
        { line: badLine, id: '', error: expect.stringMatching(/^Not valid JSON/) as unknown },
        { line: lineOf.get('o-777'), id: 'o-777', error: 'o-777 is refused' },
        { line: lineOf.get('o-1200'), id: 'o-1200', error: 'o-1200 is refused' },
      ],
    });
    expect(lineOf.get('o-1200')).toBe(1_213);
  });

  it('imports a CSV file, one order per group of rows', async () => {
    const file = await tempFile(
      'orders.CSV',
      'order_id,name,email,currency,created_at,line_id,title,price,quantity\n' +
        '1,#1,a@b.co,USD,1700000000,L1,Shirt,4500,1\n' +
        '1,,,,,L2,Cap,1500,1\n' +
        '2,#2,a@b.co,USD,1700000000,L1,Shirt,4500,1\n',
    );
    const server = slowServer(2);
    expect(await importOrders({ file, send: server.send })).toEqual({ saved: 2, failed: [] });
    expect(server.batches).toEqual([['1', '2']]);
  });

  it('stops at the first batch that cannot be sent and says how many orders were saved', async () => {
    const { text } = jsonlFile(5_000);
    const sent: number[] = [];
    const send: SendBatch = (orders) => {
      sent.push(orders.length);
      return sent.length === 2
        ? Promise.reject(new Error('HTTP 502 Bad Gateway'))
        : Promise.resolve({ saved: orders.length, failed: [] });
    };
    const stopped = await importOrders({ file: await tempFile('orders.jsonl', text), send }).catch(
      (error: unknown) => error,
    );
    expect(stopped).toBeInstanceOf(ImportStopped);
    const { saved, message } = stopped as ImportStopped;
    expect(saved).toBe(sent.length * 500 - 500);
    expect(message).toMatch(
      new RegExp(`^HTTP 502 Bad Gateway\\. The import stopped after saving ${saved.toLocaleString('en-US')} orders`),
    );
    expect(sent.length).toBeLessThanOrEqual(3);
  });

  it('refuses a CSV header without the required columns before sending anything', async () => {
    const file = await tempFile('orders.csv', 'order_id,name,line_id\n1,#1,L1\n');
    const sent: unknown[] = [];
    const send: SendBatch = (orders) => {
      sent.push(orders);
      return Promise.resolve({ saved: orders.length, failed: [] });
    };
    await expect(importOrders({ file, send })).rejects.toThrow(
      /lacks the required columns email, currency, created_at, title, price, quantity/,
    );
    expect(sent).toEqual([]);
  });

  it('refuses a file that is neither JSON Lines nor CSV', async () => {
    const send: SendBatch = () => Promise.resolve({ saved: 0, failed: [] });
    await expect(importOrders({ file: await tempFile('orders.xlsx', ''), send })).rejects.toThrow(
      /\.jsonl, \.ndjson or \.csv/,
    );
  });

  it('reports progress up to the whole file and finishes with the totals', async () => {
    const { text } = jsonlFile(1_000);
    const updates: ProgressState[] = [];
    const finished: ProgressState[] = [];
    const progress = {
      update: (state: ProgressState) => updates.push(state),
      finish: (state: ProgressState) => finished.push(state),
      abandon: () => undefined,
    };
    const file = await tempFile('orders.jsonl', text);
    await importOrders({ file, send: slowServer(1_000).send, progress });
    expect(updates.map((state) => state.saved)).toEqual([500, 1_000]);
    expect(finished).toEqual([{ bytesRead: text.length, totalBytes: text.length, saved: 1_000, failed: 1 }]);
  });
});
