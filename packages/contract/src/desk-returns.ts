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
