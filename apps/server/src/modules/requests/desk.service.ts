import { rmaReference, type DeskMember, type MerchantRequest } from '@return-center/contract';
import type { z } from 'zod';
import type { assigneeFilter } from '@return-center/contract';
import { type Clock, nowSeconds } from '../../clock.js';
import { errors } from '../../http/app-error.js';
import type { DeskRepository } from './desk.repository.js';
import type { RequestRecord } from './request-record.js';

/** Who acts on the desk: the console member (null for an API key) and how the timeline names them. */
export interface DeskCaller {
  actor: string;
  member: DeskMember | null;
}

type DeskFields = Pick<MerchantRequest, 'notes' | 'staff_tags' | 'assignee' | 'history'>;

/**
 * The returns desk (issue 33): staff's internal notes, tags beside the rules' and an assignee on a request, and the
 * shopper's other returns at the shop. An assignee must be a member of the request's shop.
 */
export class DeskService {
  constructor(
    private readonly repo: DeskRepository,
    private readonly clock: Clock,
    /** The console members of a shop (the staff module's). */
    private readonly staffOf: (shopId: number) => Promise<DeskMember[]>,
  ) {}

  /** Whom a request of the shop can be assigned to: its console members. */
  async members(shopId: number): Promise<DeskMember[]> {
    return (await this.staffOf(shopId)).map(({ id, name, email }) => ({ id, name, email }));
  }

  async fields(record: RequestRecord): Promise<DeskFields> {
    const [notes, tags, members, history, totals] = await Promise.all([
      this.repo.notes(record.id),
      this.repo.staffTags(record.id),
      record.assignee_id ? this.members(record.shop_id) : Promise.resolve([]),
      this.repo.historyOf(record),
      this.repo.historyTotals(record),
    ]);
    return {
      notes: notes.map((n) => ({
        id: n.id,
        author: n.author_name || n.author_email,
        author_email: n.author_email,
        body: n.body,
        at: n.at,
      })),
      staff_tags: tags.map((t) => ({ tag: t.tag, added_by: t.added_by, at: t.at })),
      assignee: members.find((m) => m.id === record.assignee_id) ?? null,
      history: {
        ...totals,
        currency: record.currency,
        requests: history.map((r) => ({
          id: r.id,
          rma: rmaReference(r.id),
          order_no: r.order_name,
          status: r.status,
          refund: r.actual_refund,
          created_at: r.created_at,
        })),
      },
    };
  }

  async addNote(record: RequestRecord, caller: DeskCaller, body: string): Promise<void> {
    const author = caller.member ?? { email: '', name: 'Merchant API' };
    await this.repo.addNote(record.id, { email: author.email, name: author.name, body, at: this.now });
  }

  async setTags(record: RequestRecord, caller: DeskCaller, tags: readonly string[]): Promise<void> {
    await this.repo.setTags(record, [...new Set(tags)], { actor: caller.actor, at: this.now });
  }

  /** Assigns the request to a member of its shop, or to nobody; anyone else is refused (422 on `assignee_id`). */
  async setAssignee(record: RequestRecord, caller: DeskCaller, assigneeId: number | null): Promise<void> {
    const member = assigneeId === null ? null : (await this.members(record.shop_id)).find((m) => m.id === assigneeId);
    if (member === undefined) throw errors.unprocessable('assignee_id', 'not a staff member of this shop');
    const label = member ? `${member.name || member.email} <${member.email}>` : 'nobody';
    await this.repo.setAssignee(record, member?.id ?? 0, label, { actor: caller.actor, at: this.now });
  }

  /** The list's assignee filter as an account id (0: nobody); "me" needs a console member (422 for an API key). */
  assigneeId(filter: z.output<typeof assigneeFilter> | undefined, caller: DeskCaller): number | undefined {
    if (filter === undefined) return undefined;
    if (filter === 'none') return 0;
    if (filter !== 'me') return filter;
    if (!caller.member) throw errors.unprocessable('assignee', '"me" is for a console member, not an API key');
    return caller.member.id;
  }

  staffTagsOf(requestIds: readonly number[]) {
    return this.repo.staffTagsOf(requestIds);
  }

  private get now() {
    return nowSeconds(this.clock);
  }
}
