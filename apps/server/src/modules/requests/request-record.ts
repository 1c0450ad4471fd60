import type { Selectable } from 'kysely';
import type { ItemInspectionsTable, ReturnItemsTable, ReturnRequestsTable } from '../../db/schema.js';

/** A return request and its items as stored; the requests module owns their tables. */
export type RequestRecord = Selectable<ReturnRequestsTable>;
export type ItemRecord = Selectable<ReturnItemsTable>;
/** Units of an item as the desk inspected them at receipt (issue 33). */
export type InspectionRecord = Selectable<ItemInspectionsTable>;
