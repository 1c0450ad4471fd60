/**
 * Keeps docs/feeding-orders.md true: its JSON, CSV and tables are checked against the contract and the code.
 */
import { Readable } from 'node:stream';
import {
  envelope,
  feedLine,
  feedOrder,
  feedRefund,
  IMPORT_BATCH_MAX,
  ORDER_WEBHOOK,
  orderImportBatch,
  orderUpsert,
} from '@return-center/contract';
import { present } from '@return-center/domain';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, readCsvOrders, REQUIRED_CSV_COLUMNS } from '../../cli/import/read-csv.js';
import { LIMITS } from '../auth/rate-limiter.js';
import { SAMPLE, runExample, lines, readDoc, blocks, jsonBlocks } from './test-support.js';

describe('docs/feeding-orders.md', () => {
  /** The rows of the first table after a heading, as cells, without its header. */
  const table = async (heading: string) => {
    const text = await readDoc();
    const start = text.indexOf(`\n${heading}\n`);
    expect(start, heading).toBeGreaterThan(-1);
    const rows: string[][] = [];
    for (const line of text.slice(start + heading.length + 2).split('\n')) {
      if (line.startsWith('|'))
        rows.push(
          line
            .split(/(?<!\\)\|/)
            .slice(1, -1)
            .map((cell) => cell.trim()),
        );
      else if (rows.length > 0) break;
    }
    return rows.slice(2);
  };
  const names = (rows: string[][]) => rows.map((row) => (row[0] ?? '').replace(/^`|`$/g, ''));

  it('shows only orders the contract takes, and answers in the envelope', async () => {
    let orders = 0;
    for (const value of await jsonBlocks()) {
      // The import example holds a bad order on purpose: the server test above checks what it answers.
      if ('orders' in value) orderImportBatch.parse(value);
      else if ('lines' in value) ('id' in value ? feedOrder : orderUpsert).parse(value);
      else envelope(z.unknown()).parse(value);
      if ('orders' in value || 'lines' in value) orders += 1;
    }
    expect(orders).toBeGreaterThanOrEqual(2);
    const jsonl = lines((await blocks('jsonl')).join('\n'));
    expect(jsonl.length).toBeGreaterThan(0);
    for (const line of jsonl) feedOrder.parse(JSON.parse(line));
  });

  it('shows a CSV file the import reads without a fault', async () => {
    const [csv] = await blocks('csv');
    const records = [];
    for await (const record of readCsvOrders(Readable.from([present(csv, 'the CSV example')]))) records.push(record);
    expect(records.length).toBeGreaterThan(1);
    for (const record of records) {
      expect(record).not.toHaveProperty('error');
      if ('order' in record) feedOrder.parse(record.order);
    }
  });

  it("lists the contract's fields and the CSV columns as the code has them", async () => {
    expect(names(await table('### Order fields')).sort()).toEqual(Object.keys(feedOrder.in.shape).sort());
    expect(names(await table('### Line fields')).sort()).toEqual(Object.keys(feedLine.shape).sort());
    expect(names(await table('### Refund fields')).sort()).toEqual(Object.keys(feedRefund.shape).sort());
    const columns = await table('### CSV');
    expect(names(columns)).toEqual(CSV_COLUMNS);
    expect(names(columns.filter((row) => row[1] === 'yes'))).toEqual(REQUIRED_CSV_COLUMNS);
  });

  it('states the limits and headers the server uses', async () => {
    const text = await readDoc();
    const { max, windowSeconds } = LIMITS.merchantKeyFailuresPerIp;
    expect(text).toContain(`after ${max} from one client address within ${windowSeconds / 60} minutes`);
    expect(text).toContain(`takes 1 to ${IMPORT_BATCH_MAX} orders`);
    for (const header of Object.values(ORDER_WEBHOOK)) expect(text.toLowerCase()).toContain(`\`${header}\``);
  });

  it('has the example print its orders as JSON Lines the import takes', async () => {
    const run = await runExample(['--jsonl', SAMPLE]);
    expect(run.code).toBe(0);
    const printed = lines(run.stdout).map((line) => feedOrder.parse(JSON.parse(line)));
    expect(printed.map((order) => order.number)).toEqual(['1001', '1002', '1003']);
    expect(run.stderr).toContain('#1004    skipped  status cancelled');
  });
});
