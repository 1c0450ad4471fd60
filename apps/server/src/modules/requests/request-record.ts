import type { Selectable } from 'kysely';
import type { ReturnItemsTable, ReturnRequestsTable } from '../../db/schema.js';

/** A return request and its items as stored; the requests module owns their tables. */
export type RequestRecord = Selectable<ReturnRequestsTable>;
export type ItemRecord = Selectable<ReturnItemsTable>;
