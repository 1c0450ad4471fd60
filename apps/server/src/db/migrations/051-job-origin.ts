import type { Kysely } from 'kysely';

/**
 * Where a job comes from (issue 38 point 4, ADR 051): the request id of the HTTP request that queued it, for its log
 * lines, and the W3C traceparent of the span that queued it, for its span when traces are sent. Both stay null for
 * jobs queued before this migration or outside any request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('req_id', 'varchar(64)').execute();
  await db.schema.alterTable('jobs').addColumn('trace_parent', 'varchar(64)').execute();
}
