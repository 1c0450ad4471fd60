import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { IMPORT_BATCH_MAX, IMPORT_BODY_BYTES } from '@return-center/contract';
import { present } from '@return-center/domain';
import type { ImportProgress } from './progress.js';
import { orderFileFormat, readOrders } from './read-order-file.js';
import { isReadError, type RawOrder } from './records.js';

export interface ImportFailure {
  /** The line of the file the order starts on. */
  line: number;
  id: string;
  error: string;
}

export interface ImportSummary {
  saved: number;
  failed: ImportFailure[];
}

/** The server's answer to one batch: failures name the order by its place in the batch. */
export interface BatchAnswer {
  saved: number;
  failed: { index: number; id: string; error: string }[];
}

/** Sends one batch (at most IMPORT_BATCH_MAX orders); rejects when the batch as a whole was not taken. */
export type SendBatch = (orders: RawOrder[]) => Promise<BatchAnswer>;

export interface ImportOptions {
  file: string;
  send: SendBatch;
  progress?: ImportProgress;
}

interface OrderRecord {
  line: number;
  order: RawOrder;
}

/**
 * The server takes at most IMPORT_BODY_BYTES of JSON per import call, and 500 orders with many lines can exceed that:
 * a batch is also closed when its orders reach three quarters of it (the rest is the envelope's headroom).
 */
export const BATCH_BYTES_MAX = (IMPORT_BODY_BYTES * 3) / 4;

const idOf = (order: RawOrder) => (typeof order.id === 'string' ? order.id : '');
const tooLarge = (bytes: number) =>
  `The order is ${(bytes / 1024 / 1024).toFixed(1)} MiB of JSON, more than one import call can carry`;

/**
 * The server takes one import call per shop at a time (a second is refused with 409), so one batch is sent at a time;
 * the next one is read meanwhile.
 */
export const BATCHES_IN_FLIGHT = 1;

/** A batch could not be sent: the import stopped. Orders are replaced by their id, so importing again is safe. */
export class ImportStopped extends Error {
  constructor(
    readonly saved: number,
    readonly failed: ImportFailure[],
    cause: unknown,
  ) {
    super(
      `${cause instanceof Error ? cause.message : String(cause)}. The import stopped after saving ` +
        `${saved.toLocaleString('en-US')} orders; importing the file again is safe (orders are replaced by their id)`,
      { cause },
    );
    this.name = 'ImportStopped';
  }
}

/**
 * Reads an order file (.jsonl, .ndjson or .csv) and sends its orders in batches, at most BATCHES_IN_FLIGHT at a
 * time. Orders the server refuses and records that could not be read are reported by their line; the rest are
 * saved. Throws ImportStopped when a batch cannot be sent.
 */
export async function importOrders({ file, send, progress }: ImportOptions): Promise<ImportSummary> {
  const format = orderFileFormat(file);
  const totalBytes = (await stat(file)).size;
  const input = createReadStream(file);
  const summary: ImportSummary = { saved: 0, failed: [] };
  const inFlight = new Set<Promise<void>>();
  let stoppedBy: { cause: unknown } | undefined;
  const state = () => ({ bytesRead: input.bytesRead, totalBytes, saved: summary.saved, failed: summary.failed.length });

  const sendBatch = async (batch: OrderRecord[]) => {
    try {
      const answer = await send(batch.map((record) => record.order));
      summary.saved += answer.saved;
      for (const { index, id, error } of answer.failed)
        summary.failed.push({ line: present(batch[index], `order ${String(index)} of the batch`).line, id, error });
      progress?.update(state());
    } catch (error) {
      stoppedBy ??= { cause: error };
    }
  };
  const dispatch = async (batch: OrderRecord[]) => {
    while (inFlight.size >= BATCHES_IN_FLIGHT) await Promise.race(inFlight);
    if (stoppedBy) return;
    const task: Promise<void> = sendBatch(batch).finally(() => inFlight.delete(task));
    inFlight.add(task);
  };

  const readAndSend = async () => {
    let batch: OrderRecord[] = [];
    let batchBytes = 0;
    const sendBatchSoFar = async () => {
      await dispatch(batch);
      batch = [];
      batchBytes = 0;
    };
    for await (const record of readOrders(input, format)) {
      if (stoppedBy) return;
      if (isReadError(record)) {
        summary.failed.push({ line: record.line, id: record.id, error: record.error });
        continue;
      }
      const bytes = Buffer.byteLength(JSON.stringify(record.order));
      if (bytes > BATCH_BYTES_MAX) {
        summary.failed.push({ line: record.line, id: idOf(record.order), error: tooLarge(bytes) });
        continue;
      }
      if (batchBytes + bytes > BATCH_BYTES_MAX) await sendBatchSoFar();
      batch.push(record);
      batchBytes += bytes + 1;
      if (batch.length === IMPORT_BATCH_MAX) await sendBatchSoFar();
    }
    if (batch.length > 0) await sendBatchSoFar();
  };

  try {
    await readAndSend();
  } catch (error) {
    await Promise.all(inFlight);
    progress?.abandon();
    throw error;
  } finally {
    input.destroy();
  }
  // Whatever stopped the reading, the batches already sent still count.
  await Promise.all(inFlight);
  summary.failed.sort((a, b) => a.line - b.line);
  if (stoppedBy) {
    progress?.abandon();
    throw new ImportStopped(summary.saved, summary.failed, stoppedBy.cause);
  }
  progress?.finish({ ...state(), bytesRead: totalBytes });
  return summary;
}
