import { randomUUID } from 'node:crypto';
import { Code, RequestStatus } from '@return-center/contract';
import { deskEditable, isOpenRequest } from '@return-center/domain';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db, Dialect } from '../../db/database.js';
import { AppError, errors } from '../../http/app-error.js';
import type { NewRequest } from './new-request.js';
import type { RequestRecord } from './request-record.js';
import type { Outbox } from '../jobs/outbox.js';
import { announce } from './announce.js';
import { recordEvent } from './requests.repository.js';

/** What a desk edit stores: the request's new method, money and rules' verdict, its new items, and what changed. */
export interface RequestChange {
  shipping_method_id: number;
  refund: number;
  money: string;
  rule_set_version: number;
  decided_by: string;
  rule_outcome: string;
  items: NewRequest['items'];
  /** Who changed it (`console:<email>`, `merchant-api`) and what changed, for the timeline. */
  actor: string;
  note: string;
}

/** The only status in which staff may change a request's items (ADR 038): nothing is made from them yet. */
export const EDITABLE_STATUS = RequestStatus.PendingReview;

export const notEditable = () =>
  new AppError(Code.IllegalTransition, 'Items and method can only be changed while the request is pending review', 409);

/** Changes staff make to a submitted request on a shopper's behalf (issue 33 point 4); the requests module's writes. */
export class RequestEdits {
  constructor(private readonly deps: { db: Db; dialect: Dialect; clock: Clock; outbox: Outbox }) {}

  /** Puts "created by … for the shopper" on the timeline of a request staff made, once (a retried create adds none). */
  async recordCreated(requestId: number, actor: string, note: string): Promise<void> {
    const { db, clock } = this.deps;
    await db.transaction().execute(async (trx) => {
      const seen = await trx
        .selectFrom('request_events')
        .select('id')
        .where('request_id', '=', requestId)
        .where('action', '=', 'created')
        .executeTakeFirst();
      if (seen) return;
      const status = RequestStatus.PendingReview;
      await recordEvent(trx, {
        request_id: requestId,
        actor,
        action: 'created',
        from_status: status,
        to_status: status,
        note,
        at: nowSeconds(clock),
      });
    });
  }

  /**
   * Marks an open request as answering a withdrawal declared at `declaredAt` (the earliest declaration linked counts:
   * the refund is due 14 days after it), with a "withdrawal" line on its timeline saying who linked which declaration,
   * in the caller's transaction (beside the link). A request that is closed is refused with 409; nothing changes.
   */
  async recordWithdrawal(trx: Db, requestId: number, link: { declaredAt: number; actor: string; note: string }) {
    let query = trx
      .selectFrom('return_requests')
      .select(['status', 'withdrawal_declared_at'])
      .where('id', '=', requestId);
    if (this.deps.dialect === 'postgres') query = query.forUpdate();
    const current = await query.executeTakeFirst();
    if (!current) throw errors.notFound();
    if (!isOpenRequest(current.status))
      throw new AppError(
        Code.IllegalTransition,
        'The request is closed: a withdrawal can be linked to an open one',
        409,
      );
    const now = nowSeconds(this.deps.clock);
    await trx
      .updateTable('return_requests')
      .set({
        withdrawal_declared_at: Math.min(link.declaredAt, current.withdrawal_declared_at ?? link.declaredAt),
        updated_at: now,
      })
      .where('id', '=', requestId)
      .execute();
    await recordEvent(trx, {
      request_id: requestId,
      actor: link.actor,
      action: 'withdrawal',
      from_status: current.status,
      to_status: current.status,
      note: link.note,
      at: now,
    });
  }

  /**
   * Replaces a pending request's items, method and money in one transaction, with an "edited" line on its timeline;
   * a request that left pending review meanwhile (approved, rejected) is refused with 409 and nothing changes.
   */
  async replaceItems(record: RequestRecord, change: RequestChange): Promise<void> {
    const { db, dialect, clock } = this.deps;
    const { items, actor, note, ...row } = change;
    await db.transaction().execute(async (trx) => {
      let query = trx.selectFrom('return_requests').select(['status', 'solution_id']).where('id', '=', record.id);
      if (dialect === 'postgres') query = query.forUpdate();
      const current = await query.executeTakeFirst();
      if (!current) throw errors.notFound();
      // Approved or rejected since it was read: nothing changes.
      if (!deskEditable(current)) throw notEditable();
      const now = nowSeconds(clock);
      await trx
        .updateTable('return_requests')
        .set({ ...row, updated_at: now })
        .where('id', '=', record.id)
        .execute();
      await trx.deleteFrom('return_items').where('request_id', '=', record.id).execute();
      await trx
        .insertInto('return_items')
        .values(items.map((item) => ({ ...item, request_id: record.id })))
        .execute();
      await recordEvent(trx, {
        request_id: record.id,
        actor,
        action: 'edited',
        from_status: current.status,
        to_status: current.status,
        note,
        at: now,
      });
      await announce(this.deps.outbox, trx, record.id, 'request.updated', `edited:${randomUUID()}`);
    });
  }
}
