import type { Generated } from 'kysely';

/** The returns desk's rows (issue 33), owned by modules/requests: staff's notes and tags on a request. */

/** Staff's internal notes on a request: who wrote it, as they were named then. */
export interface RequestNotesTable {
  id: Generated<number>;
  request_id: number;
  author_email: string;
  author_name: string;
  body: string;
  at: number;
}

/** Tags staff put on a request, beside the rules'. */
export interface RequestTagsTable {
  request_id: number;
  tag: string;
  added_by: string;
  at: number;
}

export interface DeskSchema {
  request_notes: RequestNotesTable;
  request_tags: RequestTagsTable;
}
