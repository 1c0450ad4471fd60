import { z } from 'zod';
import { requestHold } from './instant-exchange.js';
import { id, int, minor, unixSeconds } from './envelope.js';
import { inspectedUnits, receiveBody } from './inspection.js';
import { checkInfo, refundState } from './returns.js';
import { assigneeFilter, deskFields, requestDeskRoutes, requestSort, statusCounts, tag } from './desk.js';
import type { MerchantRoute, MerchantStatus } from './merchant-route.js';
import { requestWithdrawal } from './withdrawal.js';

/**
 * The merchant API's return requests (merchantRoutes): the list, one request, its review actions and staff's notes,
 * tags and assignee. Apart from the other areas' routes, so that a console page builds only the schemas it calls with.
 */
export const requestEvent = z.object({
  actor: z.string(),
  action: z.string(),
  from_status: int,
  to_status: int,
  note: z.string(),
  at: unixSeconds,
});

/** A returned line as the merchant reviews it: the shopper's reason, description and proof photos. */
export const merchantItem = z.object({
  line_item_id: int,
  title: z.string(),
  variant_title: z.string(),
  sku: z.string(),
  quantity: int,
  price: minor,
  image: z.string(),
  reason: z.string(),
  /** The shop's id of that reason (0 for requests stored before it was kept). */
  reason_id: int.default(0),
  description: z.string(),
  proof: z.array(z.string()),
  /** How the desk inspected its units at receipt (issue 33); empty before a detailed receipt. */
  inspection: z.array(inspectedUnits).default([]),
  /** Units refunded: all of them until a detailed receipt, then the accepted ones. */
  accepted_quantity: int,
});

/** Why a rule wants a person to look at a request, and which rule said so. */
export const ruleFlag = z.object({ rule: z.string(), reason: z.string() });

export const merchantRequest = checkInfo.extend({
  order_id: int,
  customer_email: z.string(),
  /** A gift return's recipient, where its credit and emails go (ADR 044); '' for the buyer's own return. */
  gift_email: z.string().default(''),
  language: z.string(),
  /** The most a refund may pay out now (the refund action's ceiling): the return's total, an exchange's leftover. */
  refundable: minor,
  items: z.array(merchantItem),
  events: z.array(requestEvent),
  /** What the shop's rules said for staff (issue 32): why it is flagged, its tags, and the rules that decided it. */
  flags: z.array(ruleFlag).default([]),
  tags: z.array(z.string()).default([]),
  rules: z.array(z.string()).default([]),
  rule_set_version: int.default(0),
  /** A request made by or linked to an EU withdrawal (ADR 046): when it was declared, the refund's legal deadline. */
  withdrawal: requestWithdrawal,
  /** An instant exchange's card hold (ADR 047): its state and amounts; null for any other request. */
  hold: requestHold.nullable().default(null),
  ...deskFields,
});
export type MerchantRequest = z.infer<typeof merchantRequest>;

export const merchantRequestSummary = z.object({
  id: int,
  status: int,
  refund_state: refundState,
  order_id: int,
  order_no: z.string(),
  customer_email: z.string(),
  solution_id: int,
  shipping_method_id: int,
  refund: minor,
  currency: z.string(),
  created_at: unixSeconds,
  /** Why the shop's rules flagged it for a person (issue 32); empty when none did. */
  flags: z.array(ruleFlag).default([]),
  /** The rules' and staff's tags, and whom it is assigned to (issue 33). */
  tags: z.array(z.string()).default([]),
  assignee_id: int.nullable().default(null),
  /** A request made by or linked to an EU withdrawal (ADR 046): when it was declared, the refund's legal deadline. */
  withdrawal: requestWithdrawal,
});

export const requestListQuery = z.object({
  status: z.coerce.number().pipe(int).optional(),
  order: z.string().trim().max(64).optional(),
  email: z.string().trim().toLowerCase().max(254).optional(),
  created_from: z.coerce.number().int().optional(),
  created_to: z.coerce.number().int().optional(),
  /** An RMA number, an order number, part of an email, a product title or a SKU. */
  q: z.string().trim().max(254).optional(),
  tag: tag.optional(),
  assignee: assigneeFilter.optional(),
  reason: z.coerce.number().pipe(int).optional(),
  solution: z.coerce.number().pipe(int).optional(),
  method: z.coerce.number().pipe(int).optional(),
  sort: requestSort.default('newest'),
  cursor: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
/** The export takes the list's filters, without its paging and order: it streams every matching request. */
export const requestExportQuery = requestListQuery.omit({ cursor: true, limit: true, sort: true });

/** The longest reason a rejection may give the shopper. */
export const REJECT_REASON_MAX = 500;
export const rejectBody = z.object({ reason: z.string().trim().min(1).max(REJECT_REASON_MAX) });
export const refundBody = z.object({
  amount: minor.positive().optional(),
  solution_id: z.union([z.literal(1), z.literal(2), z.literal(4), z.literal(6)]).optional(),
});
export const emptyBody = z.object({}).strict().optional();

const action = (
  name: string,
  summary: string,
  body: z.ZodType = emptyBody,
  refusals: MerchantStatus[] = [404, 409],
): MerchantRoute & { body: z.ZodType } => ({
  method: 'POST',
  path: `/requests/{id}/${name}`,
  summary,
  body,
  answer: merchantRequest,
  refusals,
});

export const requestRoutes = {
  list: {
    method: 'GET',
    path: '/requests',
    summary:
      'List return requests, newest first (or, with `sort=refund_deadline`, withdrawals whose refund is due first, soonest deadline first), with cursor pagination',
    query: requestListQuery,
    answer: z.object({ items: z.array(merchantRequestSummary), next_cursor: int.nullable(), counts: statusCounts }),
    refusals: [422],
  },
  exportRequests: {
    method: 'GET',
    path: '/requests/export',
    summary:
      "The requests matching the list's filters as a CSV file (UTF-8 with a byte order mark, RFC 4180), one row per item: dates, status, items, money and tracking",
    query: requestExportQuery,
    answer: z.string(),
    produces: 'text/csv',
  },
  get: {
    method: 'GET',
    path: '/requests/{id}',
    summary: 'One return request with its audit trail',
    answer: merchantRequest,
    refusals: [404],
  },
  approve: action('approve', 'Approve a pending request; a label and packing slip are made and the shopper is emailed'),
  reject: action('reject', 'Reject a pending or received request with a reason', rejectBody),
  receive: action(
    'receive',
    'Mark the returned items as received; optionally inspect each item (units received, condition, restock, accepted or rejected with a reason), and the refund follows the accepted items',
    receiveBody,
    [404, 409, 422],
  ),
  refund: action(
    'refund',
    'Refund a received request (or an approved keep-the-item one), optionally overriding solution and amount',
    refundBody,
    [404, 409, 422],
  ),
  resolve: action('resolve', 'Complete a request without a refund'),
} satisfies Record<string, MerchantRoute>;

/** Staff's notes, tags and assignee on a request (desk.ts), answering the request as the review does. */
export const requestStaffRoutes = requestDeskRoutes(merchantRequest);
