import { z } from 'zod';
import { id, int, minor, unixSeconds } from './envelope.js';
import { checkInfo, refundState } from './returns.js';
import { assigneeBody, assigneeFilter, deskFields, deskMember, noteBody, statusCounts, tag, tagsBody } from './desk.js';
import { returnRule, ruleOrder, ruleSet, ruleSetBody, simulateBody, simulation } from './rules.js';
import { shopSettings } from './shop-settings.js';
import {
  IMPORT_BATCH_MAX,
  ORDER_WEBHOOK,
  ORDER_WEBHOOK_TOLERANCE_SECONDS,
  externalId,
  feedOrder,
  orderWebhookAnswer,
  orderImportAnswer,
  orderImportBody,
  orderUpsert,
  orderUpsertAnswer,
} from './order-feed.js';

/** The merchant REST API (issue 4): bearer MERCHANT_API_KEY per shop, JSON envelope answers. */
export const MERCHANT_BASE = '/merchant/v1';

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
  description: z.string(),
  proof: z.array(z.string()),
});

/** Why a rule wants a person to look at a request, and which rule said so. */
export const ruleFlag = z.object({ rule: z.string(), reason: z.string() });

export const merchantRequest = checkInfo.extend({
  order_id: int,
  customer_email: z.string(),
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
  cursor: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** The longest reason a rejection may give the shopper. */
export const REJECT_REASON_MAX = 500;
export const rejectBody = z.object({ reason: z.string().trim().min(1).max(REJECT_REASON_MAX) });
export const refundBody = z.object({
  amount: minor.positive().optional(),
  solution_id: z.union([z.literal(1), z.literal(2), z.literal(4), z.literal(6)]).optional(),
});
export const emptyBody = z.object({}).strict().optional();

/**
 * The HTTP statuses of the merchant API (ADR 025). A REST client reads the status; the `{code, msg, data}` envelope
 * says why. Refused fields come back in `data.errors`, each with its path and what is wrong with it.
 */
export const MERCHANT_STATUSES = {
  200: 'Success (code 1000)',
  400: 'The body, query or headers do not fit the contract (code 1001), or the body is not JSON. `msg` names up to three fields; `data.errors` lists each as `{field, message}`',
  401: 'No key, or not a key of any shop (code 401)',
  404: 'No such request, or a request of another shop (code 1004): the two answer alike',
  409: "The request's state does not allow the change (code 1071), the order number belongs to another order, or a concurrent change won (code 1001); nothing was changed",
  412: '`If-Match` names an older version of the settings or rules than the stored one (code 1092); nothing was saved',
  413: 'The body is too large (code 1001)',
  415: 'The body is not `application/json` (code 1001)',
  422: 'The body fits the contract but not this request (code 1001), e.g. an amount above what is left to refund; `data.errors` names the field',
  429: 'Too many refused keys or signatures from this address (code 1029): wait the `Retry-After` seconds',
} as const;
export type MerchantStatus = keyof typeof MERCHANT_STATUSES;

/** A refused field of a 400 or 422 answer (`data.errors`): its path (`return_setting.return_window_days`) and why. */
export const fieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;
export const fieldErrors = z.object({ errors: z.array(fieldError) });

interface MerchantRoute {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  summary: string;
  /** How the caller proves who it is: the shop's API key (default), or a signed body (webhooks). */
  auth?: 'bearer' | 'signature';
  /** The `{id}` of the path, when it is not a request id. */
  id?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  answer: z.ZodType;
  /**
   * What this route may refuse with besides what every route may: 401 and 429 (the caller), and 400, 413 and 415 when
   * it takes a body or a query.
   */
  refusals?: MerchantStatus[];
}

const action = <B extends z.ZodType = typeof emptyBody>(
  name: string,
  summary: string,
  body: B = emptyBody as unknown as B,
  refusals: MerchantStatus[] = [404, 409],
): MerchantRoute & { body: B; answer: typeof merchantRequest } => ({
  method: 'POST',
  path: `/requests/{id}/${name}`,
  summary,
  body,
  answer: merchantRequest,
  refusals,
});

export const merchantRoutes = {
  list: {
    method: 'GET',
    path: '/requests',
    summary: 'List return requests, newest first, with cursor pagination',
    query: requestListQuery,
    answer: z.object({ items: z.array(merchantRequestSummary), next_cursor: int.nullable(), counts: statusCounts }),
    refusals: [422],
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
  receive: action('receive', 'Mark the returned items as received'),
  refund: action(
    'refund',
    'Refund a received request (or an approved keep-the-item one), optionally overriding solution and amount',
    refundBody,
    [404, 409, 422],
  ),
  resolve: action('resolve', 'Complete a request without a refund'),
  addNote: action('notes', 'Add an internal note (staff only, never shown to the shopper)', noteBody, [404]),
  setTags: { ...action('tags', "Set the request's staff tags (the rules' stay)", tagsBody, [404]), method: 'PUT' },
  setAssignee: {
    ...action('assignee', 'Assign the request to a staff member of the shop, or to nobody', assigneeBody, [404, 422]),
    method: 'PUT',
  },
  assignees: {
    method: 'GET',
    path: '/assignees',
    summary: 'The staff members a request can be assigned to',
    answer: z.array(deskMember),
  },
  getSettings: { method: 'GET', path: '/settings', summary: 'The store configuration', answer: shopSettings },
  putSettings: {
    method: 'PUT',
    path: '/settings',
    summary:
      'Replace the store configuration (missing fields take defaults); with `If-Match: "<ETag of a GET>"` only over that version',
    body: shopSettings,
    answer: shopSettings,
    refusals: [412],
  },
  getRules: {
    method: 'GET',
    path: '/rules',
    summary: 'The return rules, in order, with the block lists; the ETag is their version',
    answer: ruleSet,
  },
  putRules: {
    method: 'PUT',
    path: '/rules',
    summary: 'Replace the return rules and block lists; with `If-Match: "<ETag of a GET>"` only over that version',
    body: ruleSetBody,
    answer: ruleSet,
    refusals: [412],
  },
  createRule: {
    method: 'POST',
    path: '/rules',
    summary: 'Add a rule after the others; with `If-Match` only over that version',
    body: returnRule,
    answer: ruleSet,
    refusals: [409, 412],
  },
  updateRule: {
    method: 'PUT',
    path: '/rules/{id}',
    summary: 'Replace one rule, keeping its place; with `If-Match` only over that version',
    id: z.string().regex(/^[a-z0-9-]{1,40}$/),
    body: returnRule,
    answer: ruleSet,
    refusals: [404, 412, 422],
  },
  reorderRules: {
    method: 'POST',
    path: '/rules/reorder',
    summary: 'Put the rules in a new order: every rule id once; with `If-Match` only over that version',
    body: ruleOrder,
    answer: ruleSet,
    refusals: [412, 422],
  },
  simulateRules: {
    method: 'POST',
    path: '/rules/simulate',
    summary:
      "Try draft rules against the shop's latest requests (up to 10,000) and see what they would change; nothing is saved. At most 30 per shop in 10 minutes (429 after)",
    body: simulateBody,
    answer: simulation,
  },
  upsertOrder: {
    method: 'PUT',
    path: '/orders/{id}',
    summary:
      "Create or replace one order of your own store, by your store's order id (idempotent: the same body twice changes nothing)",
    id: externalId,
    body: orderUpsert,
    answer: orderUpsertAnswer,
    refusals: [409],
  },
  importOrders: {
    method: 'POST',
    path: '/orders/import',
    summary: `Create or replace up to ${String(IMPORT_BATCH_MAX)} orders at once, each with its \`id\`; each is saved or refused on its own`,
    body: orderImportBody,
    answer: orderImportAnswer,
    refusals: [409],
  },
  orderWebhook: {
    method: 'POST',
    path: '/webhooks/orders',
    summary: `Receive one order from your store as a webhook: the body is an order with its \`id\`, signed as Standard Webhooks under the shop's \`whsec_\` webhook secret: \`${ORDER_WEBHOOK.idHeader}\` (unique per event; a repeated one is applied once), \`${ORDER_WEBHOOK.timestampHeader}\` (unix seconds, at most ${String(ORDER_WEBHOOK_TOLERANCE_SECONDS / 60)} minutes off) and \`${ORDER_WEBHOOK.signatureHeader}: v1,<base64 HMAC-SHA256 of id.timestamp.body>\`, with \`${ORDER_WEBHOOK.shopHeader}\`; a bad or old signature gets 401`,
    auth: 'signature',
    body: feedOrder,
    answer: orderWebhookAnswer,
    refusals: [409],
  },
} satisfies Record<string, MerchantRoute>;

export type MerchantRouteName = keyof typeof merchantRoutes;

/** A merchant route's URL under MERCHANT_BASE, with its `{id}` filled in. */
export const merchantPath = (name: MerchantRouteName, id?: number | string): string =>
  MERCHANT_BASE + merchantRoutes[name].path.replace('{id}', String(id ?? ''));

/** The same route as a Fastify pattern (`{id}` → `:id`). */
export const merchantRoutePattern = (name: MerchantRouteName): string =>
  MERCHANT_BASE + merchantRoutes[name].path.replace('{id}', ':id');
