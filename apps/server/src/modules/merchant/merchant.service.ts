import {
  holdState,
  itemCondition,
  itemOutcome,
  type MerchantRequest,
  type ShopSettings,
} from '@return-center/contract';
import { acceptedUnits } from '../requests/inspection.js';
import { parseDeskOutcome, withdrawalRefundBy, type DeskOutcome, type RuleRef } from '@return-center/domain';
import type { z } from 'zod';
import type { requestExportQuery, requestListQuery } from '@return-center/contract';
import type { DeskCaller, DeskService } from '../requests/desk.service.js';
import type { LifecycleService } from '../requests/lifecycle.service.js';
import { refundCeiling } from '../requests/request-detail.js';
import type { RequestReads } from '../requests/request-reads.js';
import type { RequestRecord } from '../requests/request-record.js';
import type { Shop } from '../storefront-config/shop.js';
import type { MerchantKeys } from './merchant-keys.js';
import { exportStream } from './request-export.js';
import { reconciliationStream } from './exchange-reconciliation.js';

/** Why the request's rules flagged it for staff, each with the rule's name. */
const flagsOf = ({ flags }: DeskOutcome) => flags.map((flag) => ({ rule: flag.rule.name, reason: flag.reason }));

/** A request made by or linked to an EU withdrawal: when it was declared, and the refund's legal deadline. */
const withdrawalOf = ({ withdrawal_declared_at: declaredAt }: Pick<RequestRecord, 'withdrawal_declared_at'>) =>
  declaredAt === null ? null : { declared_at: declaredAt, refund_by: withdrawalRefundBy(declaredAt) };

/** What the request's rules said for staff: flags with their rule, tags, and the rules that decided it. */
function rulesSaid(record: RequestRecord) {
  const outcome = parseDeskOutcome(record.rule_outcome);
  return {
    flags: flagsOf(outcome),
    tags: outcome.tags,
    rules: (JSON.parse(record.decided_by) as RuleRef[]).map((rule) => rule.name),
    rule_set_version: record.rule_set_version,
  };
}

/** The list's filters (also the export's), as the requests' reads take them; the assignee as an account id. */
const listFilter = (query: z.output<typeof requestExportQuery>, assigneeId: number | undefined) => ({
  status: query.status,
  orderNumber: query.order,
  email: query.email,
  createdFrom: query.created_from,
  createdTo: query.created_to,
  search: query.q,
  reasonId: query.reason,
  solutionId: query.solution,
  methodId: query.method,
  tag: query.tag,
  assigneeId,
});

/** An instant exchange's hold as the desk sees it (ADR 047). */
const holdOf = (record: RequestRecord): MerchantRequest['hold'] =>
  record.hold_state
    ? {
        state: holdState.parse(record.hold_state),
        amount: record.hold_amount,
        captured: record.hold_captured,
        currency: record.currency,
        release_on: record.hold_release_on === 'first_scan' ? 'first_scan' : 'received',
        capture_at: record.hold_capture_at,
        payment_id: record.hold_payment_id,
      }
    : null;

export class MerchantService {
  constructor(
    readonly keys: MerchantKeys,
    readonly requests: RequestReads,
    private readonly lifecycle: LifecycleService,
    readonly desk: DeskService,
  ) {}

  async list(shop: Shop, query: z.output<typeof requestListQuery>, caller: DeskCaller) {
    const filter = listFilter(query, this.desk.assigneeId(query.assignee, caller));
    const { rows, nextCursor } = await this.requests.list(shop.id, {
      ...filter,
      sort: query.sort,
      cursor: query.cursor,
      limit: query.limit,
    });
    const staffTags = await this.desk.staffTagsOf(rows.map((r) => r.id));
    return {
      items: rows.map((r) => ({
        id: r.id,
        status: r.status,
        refund_state: r.refund_state,
        order_id: r.order_id,
        order_no: r.order_name,
        customer_email: r.email,
        solution_id: r.solution_id,
        shipping_method_id: r.shipping_method_id,
        refund: r.refund,
        currency: r.currency,
        created_at: r.created_at,
        flags: flagsOf(parseDeskOutcome(r.rule_outcome)),
        tags: [...new Set([...parseDeskOutcome(r.rule_outcome).tags, ...(staffTags.get(r.id) ?? [])])],
        assignee_id: r.assignee_id || null,
        withdrawal: withdrawalOf(r),
      })),
      next_cursor: nextCursor,
      // The tabs' counts: the same filters, whatever the status asked (issue 33).
      counts: await this.requests.countsMatching(shop.id, filter),
    };
  }

  async detail(shop: Shop, record: RequestRecord): Promise<MerchantRequest> {
    const detail = await this.lifecycle.detail(shop, record);
    const items = await this.requests.items(record.id);
    const inspections = await this.requests.inspections(record.id);
    return {
      ...detail,
      order_id: record.order_id,
      withdrawal: withdrawalOf(record),
      hold: holdOf(record),
      // The buyer's, also on a gift return, whose recipient is `gift_email` (ADR 044).
      customer_email: record.gift_email ? record.customer_email : detail.customer_info.email,
      gift_email: record.gift_email,
      language: record.language,
      refundable: refundCeiling(record, items, inspections),
      items: items.map((item) => ({
        line_item_id: item.order_line_id,
        title: item.title,
        variant_title: item.variant_title,
        sku: item.sku,
        quantity: item.quantity,
        price: item.price,
        image: item.image,
        reason: item.reason_text,
        reason_id: item.reason_id,
        description: item.description,
        proof: JSON.parse(item.proof || '[]') as string[],
        inspection: inspections
          .filter((i) => i.order_line_id === item.order_line_id)
          .map((i) => ({
            quantity: i.quantity,
            condition: itemCondition.parse(i.condition),
            restock: i.restock === 1,
            outcome: itemOutcome.parse(i.outcome),
            reason: i.reason,
          })),
        accepted_quantity: acceptedUnits(item, inspections),
      })),
      events: await this.requests.events(record.id),
      ...rulesSaid(record),
      ...(await this.desk.fields(record)),
    };
  }

  /** Every request matching the list's filters as a CSV stream (one row per item). */
  exportCsv(shop: Shop, query: z.output<typeof requestExportQuery>, caller: DeskCaller) {
    return exportStream(this.requests, shop.id, listFilter(query, this.desk.assigneeId(query.assignee, caller)));
  }

  /** The exchange requests matching the list's filters as the accountant's reconciliation (one row per exchange). */
  reconciliationCsv(shop: Shop, query: z.output<typeof requestExportQuery>, caller: DeskCaller) {
    return reconciliationStream(
      this.requests,
      shop.id,
      listFilter(query, this.desk.assigneeId(query.assignee, caller)),
    );
  }

  settings(shop: Shop): ShopSettings {
    return shop.settings;
  }
}
