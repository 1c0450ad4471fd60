import type { Db } from '../../db/database.js';
import type { RequestRecord } from './request-record.js';
import { recordEvent } from './requests.repository.js';

/** Who changes something on the desk, and when: `actor` as the timeline names them (`console:<email>`). */
export interface DeskChange {
  actor: string;
  at: number;
}

/** The desk's own rows of a request (issue 33): internal notes, staff tags, the assignee; the shopper's history. */
export class DeskRepository {
  constructor(
    private readonly db: Db,
    /** Announces a change as `request.updated` (webhooks, the event feed), in the transaction that makes it. */
    private readonly updated: (trx: Db, requestId: number) => Promise<unknown>,
  ) {}

  notes(requestId: number) {
    return this.db
      .selectFrom('request_notes')
      .select(['id', 'author_email', 'author_name', 'body', 'at'])
      .where('request_id', '=', requestId)
      .orderBy('id')
      .execute();
  }

  async addNote(requestId: number, note: { email: string; name: string; body: string; at: number }) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('request_notes')
        .values({
          request_id: requestId,
          author_email: note.email,
          author_name: note.name,
          body: note.body,
          at: note.at,
        })
        .execute();
      await this.updated(trx, requestId);
    });
  }

  staffTags(requestId: number) {
    return this.db
      .selectFrom('request_tags')
      .select(['tag', 'added_by', 'at'])
      .where('request_id', '=', requestId)
      .orderBy('at')
      .orderBy('tag')
      .execute();
  }

  /** Staff tags of many requests at once (the queue's page). */
  async staffTagsOf(requestIds: readonly number[]): Promise<Map<number, string[]>> {
    const byRequest = new Map<number, string[]>();
    if (requestIds.length === 0) return byRequest;
    const rows = await this.db
      .selectFrom('request_tags')
      .select(['request_id', 'tag'])
      .where('request_id', 'in', requestIds)
      .orderBy('at')
      .execute();
    for (const row of rows) byRequest.set(row.request_id, [...(byRequest.get(row.request_id) ?? []), row.tag]);
    return byRequest;
  }

  /** Makes the staff tags these, recording what was added and removed on the timeline, in one transaction. */
  async setTags(request: RequestRecord, tags: readonly string[], change: DeskChange) {
    await this.db.transaction().execute(async (trx) => {
      const had = (
        await trx.selectFrom('request_tags').select('tag').where('request_id', '=', request.id).execute()
      ).map((row) => row.tag);
      const added = tags.filter((tag) => !had.includes(tag));
      const removed = had.filter((tag) => !tags.includes(tag));
      if (added.length === 0 && removed.length === 0) return;
      if (removed.length)
        await trx.deleteFrom('request_tags').where('request_id', '=', request.id).where('tag', 'in', removed).execute();
      if (added.length)
        await trx
          .insertInto('request_tags')
          .values(added.map((tag) => ({ request_id: request.id, tag, added_by: change.actor, at: change.at })))
          .execute();
      const note = [...added.map((tag) => `+${tag}`), ...removed.map((tag) => `-${tag}`)].join(' ');
      await recordEvent(trx, { ...event(request, change), action: 'tags', note });
      await this.updated(trx, request.id);
    });
  }

  /** Assigns the request (0: to nobody), recording whom on the timeline; nothing when it already is. */
  async setAssignee(request: RequestRecord, assigneeId: number, label: string, change: DeskChange) {
    await this.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('return_requests')
        .set({ assignee_id: assigneeId })
        .where('id', '=', request.id)
        .where('assignee_id', '!=', assigneeId)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return;
      await recordEvent(trx, { ...event(request, change), action: 'assign', note: label });
      await this.updated(trx, request.id);
    });
  }

  /** The shopper's other requests at the shop, newest first. */
  historyOf(request: RequestRecord, limit = 50) {
    return this.db
      .selectFrom('return_requests')
      .select(['id', 'order_name', 'status', 'actual_refund', 'created_at'])
      .where('shop_id', '=', request.shop_id)
      .where('customer_email', '=', request.customer_email.toLowerCase())
      .where('id', '!=', request.id)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** How many other requests the shopper made at the shop, and what they were refunded in all. */
  async historyTotals(request: RequestRecord) {
    const row = await this.db
      .selectFrom('return_requests')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.sum<number | string>('actual_refund').as('refunded'),
      ])
      .where('shop_id', '=', request.shop_id)
      .where('customer_email', '=', request.customer_email.toLowerCase())
      .where('id', '!=', request.id)
      .executeTakeFirst();
    return { count: Number(row?.count ?? 0), refunded: Number(row?.refunded ?? 0) };
  }
}

const event = (request: RequestRecord, change: DeskChange) => ({
  request_id: request.id,
  actor: change.actor,
  from_status: request.status,
  to_status: request.status,
  at: change.at,
});
