import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The returns desk (issue 33): whom a request is assigned to (a staff account's id; 0 for nobody), staff's internal
 * notes, and the tags staff put on a request beside the rules' (one row per request and tag, with who added it).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  await db.schema
    .alterTable('return_requests')
    .addColumn('assignee_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('return_requests_shop_assignee')
    .on('return_requests')
    .columns(['shop_id', 'assignee_id'])
    .execute();
  await db.schema
    .createTable('request_notes')
    .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('return_requests.id'))
    .addColumn('author_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('author_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('request_notes_request').on('request_notes').columns(['request_id']).execute();
  await db.schema
    .createTable('request_tags')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('return_requests.id'))
    .addColumn('tag', 'varchar(40)', (c) => c.notNull())
    .addColumn('added_by', 'varchar(254)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('request_tags_pk', ['request_id', 'tag'])
    .execute();
  await db.schema.createIndex('request_tags_tag').on('request_tags').columns(['tag', 'request_id']).execute();
}
