export { importOrders, ImportStopped, BATCHES_IN_FLIGHT, BATCH_BYTES_MAX } from './import-orders.js';
export type { BatchAnswer, ImportFailure, ImportOptions, ImportSummary, SendBatch } from './import-orders.js';
export { progressReporter } from './progress.js';
export type { ImportProgress, ProgressOutput, ProgressState } from './progress.js';
export { orderFileFormat, readOrders } from './read-order-file.js';
export type { RawOrder, ReadRecord } from './records.js';
