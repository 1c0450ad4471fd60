import { z } from 'zod';
import { MAX_REASON_DESCRIPTION } from './constants.js';
import { id, int } from './envelope.js';
import { orderSource, returnShippingMethod, returnSolution } from './order.js';
import { reason, returnMoney } from './returns.js';

/**
 * Returns made at the desk on a shopper's behalf (issue 33 point 4, ADR 038): staff find the order, choose its lines
 * as the shopper tells them, and the server decides with the portal's own rules.
 */

/** An order number as staff type it (`1001` or `#1001`), or the order's id. */
export const deskOrderRef = z
  .string()
  .trim()
  .regex(/^#?[A-Za-z0-9._-]{1,64}$/, 'an order number such as 1001 or #1001');

export const deskOrderQuery = z.object({
  /** When given, the order's email must be this one (as a shopper proves it in the portal). */
  email: z.string().trim().toLowerCase().max(254).optional(),
  /** A request of this order being changed: its own lines are shown as returnable again. */
  request: id.optional(),
});

/** What an order allows at the desk: its lines (returnable or not, and why), the shop's reasons, the offers. */
export const deskOrder = z.object({
  order: orderSource,
  customer_email: z.string(),
  reasons: z.array(reason),
});
export type DeskOrder = z.infer<typeof deskOrder>;

/** The longest description staff may write for an item: as long as a shopper's. */
export const DESK_DESCRIPTION_MAX = MAX_REASON_DESCRIPTION;

export const deskItem = z.object({
  line_item_id: id,
  quantity: int.positive(),
  reason_id: int,
  description: z.string().trim().max(DESK_DESCRIPTION_MAX).default(''),
});
export type DeskItem = z.infer<typeof deskItem>;

const deskChoice = {
  items: z.array(deskItem).min(1).max(50),
  shipping_method_id: int,
};

/** Money and offers of a return being put together: the server's number, before anything is stored. */
export const deskQuoteBody = z.object({
  order_id: id,
  solution_id: int,
  ...deskChoice,
  /** A request of this order being changed: its own lines count as returnable again. */
  request: id.optional(),
});
export const deskQuote = z.object({
  money: returnMoney,
  solutions: z.array(returnSolution),
  methods: z.array(returnShippingMethod),
});
export type DeskQuote = z.infer<typeof deskQuote>;

export const deskCreateBody = deskQuoteBody.omit({ request: true }).extend({
  /** The language of the shopper's emails and status page. */
  language: z.string().trim().max(35).default('en'),
  /** A retry with the same key answers the request the first attempt made. */
  idempotency_key: z.string().min(8).max(64),
});
export type DeskCreateBody = z.input<typeof deskCreateBody>;

/** A submitted request's new items and method; its solution stays. */
export const deskEditBody = z.object(deskChoice);
export type DeskEditBody = z.input<typeof deskEditBody>;

const refusals = (...statuses: (404 | 409 | 422)[]) => statuses;

/** The desk's merchant routes (merchantRoutes), answering a request as `request` (merchantRequest) describes it. */
export const deskRoutes = <R extends z.ZodType>(request: R) => ({
  deskOrder: {
    method: 'GET' as const,
    path: '/orders/{id}/returnable',
    summary:
      "What an order allows for a return made for its shopper (by order number such as 1001, or id; with `email`, only if it is the order's): its lines, returnable or not and why, the reasons, solutions and methods",
    id: deskOrderRef,
    query: deskOrderQuery,
    answer: deskOrder,
    refusals: refusals(404),
  },
  deskQuote: {
    method: 'POST' as const,
    path: '/requests/quote',
    summary:
      "The money of a return being made for a shopper, under the same rules as the portal's; nothing is stored. Refused items answer 422",
    body: deskQuoteBody,
    answer: deskQuote,
    refusals: refusals(404, 409, 422),
  },
  deskCreate: {
    method: 'POST' as const,
    path: '/requests',
    summary:
      "Create a return for a shopper who phoned or wrote in, through the portal's rules (refund or store credit, a label or their own shipping); the shopper gets the usual emails. Refused items answer 422, an order with an open request 409",
    body: deskCreateBody,
    answer: request,
    refusals: refusals(404, 409, 422),
  },
  deskEdit: {
    method: 'PUT' as const,
    path: '/requests/{id}/items',
    summary:
      "Change a pending request's items (lines, quantities, reasons) and method; the rules check it again and the money is recomputed. 409 once it is approved",
    body: deskEditBody,
    answer: request,
    refusals: refusals(404, 409, 422),
  },
});
