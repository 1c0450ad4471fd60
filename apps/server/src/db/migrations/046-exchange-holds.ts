import type { Kysely } from 'kysely';

/**
 * Instant exchanges (issue 36, ADR 047): a request keeps its card hold — the provider's id, its state and amounts, when
 * it is let go or captured, and the idempotency keys of the calls made on it — and the periodic capture finds holds
 * past their time by state and time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const text = (name: string, size: number) =>
    db.schema
      .alterTable('return_requests')
      .addColumn(name, `varchar(${size})`, (c) => c.notNull().defaultTo(''))
      .execute();
  const amount = (name: string) =>
    db.schema
      .alterTable('return_requests')
      .addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  await text('hold_payment_id', 100);
  await text('hold_state', 20);
  await amount('hold_amount');
  await amount('hold_captured');
  await text('hold_release_on', 20);
  await amount('hold_capture_at');
  await text('hold_key', 200);
  await text('hold_settle_key', 200);
  await db.schema
    .createIndex('return_requests_hold_due')
    .on('return_requests')
    .columns(['hold_state', 'hold_capture_at'])
    .execute();
}
