import { OPEN_REQUEST_STATUSES, isOpenRequest } from '@return-center/domain';
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

type Eb = ExpressionBuilder<Database, 'return_requests'>;

/** A withdrawal whose refund is still due: an open request that a withdrawal made or was linked to. */
const refundDue = (eb: Eb) =>
  eb.and([
    eb('return_requests.withdrawal_declared_at', 'is not', null),
    eb('return_requests.status', 'in', OPEN_REQUEST_STATUSES),
  ]);

/** Where the page after `cursor` starts: in the withdrawals, after its deadline; or among the rest, below its id. */
async function startAfter(db: Db, shopId: number, cursor: number) {
  const row = await db
    .selectFrom('return_requests')
    .select(['withdrawal_declared_at', 'status'])
    .where('id', '=', cursor)
    .where('shop_id', '=', shopId)
    .executeTakeFirst();
  const declaredAt = row?.withdrawal_declared_at ?? null;
  return row && declaredAt !== null && isOpenRequest(row.status)
    ? { due: true as const, declaredAt, id: cursor }
    : { due: false as const, id: cursor };
}

/**
 * A page of the queue sorted by refund deadline (ADR 046): withdrawals whose refund is due first, the earliest
 * declaration first (its deadline is 14 days later), then every other request newest first. Two keyset reads, each on
 * its own order, so paging stays exact on both databases, across the boundary too; the cursor is the page's last id.
 */
export async function refundDeadlinePage<Row extends { id: number }>(
  db: Db,
  shopId: number,
  matching: () => SelectQueryBuilder<Database, 'return_requests', Row>,
  { cursor, limit }: { cursor?: number | undefined; limit: number },
): Promise<{ rows: Row[]; nextCursor: number | null }> {
  const after = cursor === undefined ? undefined : await startAfter(db, shopId, cursor);
  const rows: Row[] = [];
  if (after === undefined || after.due) {
    let due = matching()
      .where(refundDue)
      .orderBy('return_requests.withdrawal_declared_at', 'asc')
      .orderBy('return_requests.id', 'asc')
      .limit(limit + 1);
    if (after?.due)
      due = due.where((eb) =>
        eb.or([
          eb('return_requests.withdrawal_declared_at', '>', after.declaredAt),
          eb.and([
            eb('return_requests.withdrawal_declared_at', '=', after.declaredAt),
            eb('return_requests.id', '>', after.id),
          ]),
        ]),
      );
    rows.push(...(await due.execute()));
  }
  if (rows.length <= limit) {
    let rest = matching()
      .where((eb) => eb.not(refundDue(eb)))
      .orderBy('return_requests.id', 'desc')
      .limit(limit + 1 - rows.length);
    if (after && !after.due) rest = rest.where('return_requests.id', '<', after.id);
    rows.push(...(await rest.execute()));
  }
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}
