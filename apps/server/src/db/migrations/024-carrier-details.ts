import type { Kysely } from 'kysely';

/**
 * What the carrier says of a return's parcel (#14): the code for dropping it off without a box or a printed label,
 * where it gives one, and the latest tracker status from its webhook, found by tracking number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['drop_off_code', 'carrier_status'])
    await db.schema
      .alterTable('return_requests')
      .addColumn(column, 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .execute();
  await db.schema
    .createIndex('return_requests_tracking_number')
    .on('return_requests')
    .column('tracking_number')
    .execute();
}
