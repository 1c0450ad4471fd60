import type { RetentionCount } from '@return-center/contract';
import { CLOSED_REQUEST_STATUSES } from '@return-center/domain';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { requestFiles } from '../requests/requests.tables.js';

/** A closed request whose personal data is past retention, with what names it elsewhere. */
export interface DueRequest {
  id: number;
  order_id: number;
  tracking_proof: string;
  closed_at: number;
}

/**
 * When a request closed: its first move into a final status (no action leaves one); a request without such an event
 * (made before the timeline recorded it) closed when it was last changed.
 */
const closedAt = (eb: ExpressionBuilder<Database, 'return_requests'>) =>
  eb.fn.coalesce(
    eb
      .selectFrom('request_events')
      .select((inner) => inner.fn.min('request_events.at').as('at'))
      .whereRef('request_events.request_id', '=', 'return_requests.id')
      .where('request_events.to_status', 'in', CLOSED_REQUEST_STATUSES),
    eb.ref('return_requests.updated_at'),
  );

/** The shop's closed requests, closed before `before` and not yet forgotten, oldest id first, at most `limit`. */
export function dueRequests(db: Db, shopId: number, before: number, limit: number): Promise<DueRequest[]> {
  return db
    .selectFrom('return_requests')
    .select((eb) => ['id', 'order_id', 'tracking_proof', closedAt(eb).as('closed_at')])
    .where('shop_id', '=', shopId)
    .where('status', 'in', CLOSED_REQUEST_STATUSES)
    .where('forgotten_at', 'is', null)
    .where((eb) => eb(closedAt(eb), '<', before))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** What retention forgets with these requests: them, their photos, and orders no other request still needs. */
export async function whatTheyName(db: Db, shopId: number, due: DueRequest[]) {
  const requestIds = due.map((r) => r.id);
  const orderIds = [...new Set(due.map((r) => r.order_id))];
  // An order with another request not yet forgotten (open, or within retention) keeps its payee and withdrawals.
  const busy = orderIds.length
    ? await db
        .selectFrom('return_requests')
        .select('order_id')
        .where('shop_id', '=', shopId)
        .where('order_id', 'in', orderIds)
        .where('forgotten_at', 'is', null)
        .where('id', 'not in', requestIds)
        .execute()
    : [];
  const kept = new Set(busy.map((row) => row.order_id));
  return {
    requestIds,
    orderIds: orderIds.filter((id) => !kept.has(id)),
    fileKeys: await requestFiles(db, due),
  };
}

/** Counts what forgetting these requests deletes: their personal data, photos and documents (labels, slips). */
export async function requestCounts(
  db: Db,
  shopId: number,
  due: DueRequest[],
  fileKeys: string[],
): Promise<RetentionCount[]> {
  const oldest = (times: (number | null)[]) => {
    const known = times.filter((time) => time !== null);
    return known.length ? Math.min(...known) : null;
  };
  let photos = 0;
  let documents = 0;
  const photoTimes: number[] = [];
  const documentTimes: (number | null)[] = [];
  for (let i = 0; i < fileKeys.length; i += 500) {
    const found = await db
      .selectFrom('uploads')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<number | null>('created_at').as('oldest')])
      .where('shop_id', '=', shopId)
      .where('final_key', 'in', fileKeys.slice(i, i + 500))
      .where('status', '!=', 'redacted')
      .executeTakeFirstOrThrow();
    photos += found.count;
    if (found.oldest !== null) photoTimes.push(found.oldest);
  }
  for (let i = 0; i < due.length; i += 500) {
    const found = await db
      .selectFrom('documents')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<number | null>('created_at').as('oldest')])
      .where(
        'request_id',
        'in',
        due.slice(i, i + 500).map((r) => r.id),
      )
      .executeTakeFirstOrThrow();
    documents += found.count;
    documentTimes.push(found.oldest);
  }
  return [
    { kind: 'requests', count: due.length, oldest: oldest(due.map((r) => r.closed_at)) },
    { kind: 'photos', count: photos, oldest: oldest(photoTimes) },
    { kind: 'documents', count: documents, oldest: oldest(documentTimes) },
  ];
}
