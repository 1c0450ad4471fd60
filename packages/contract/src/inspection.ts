import { z } from 'zod';
import { int } from './envelope.js';

/** How an item came back, as the desk grades it at receipt (issue 33). */
export const ITEM_CONDITIONS = ['as_new', 'opened', 'damaged', 'wrong_item', 'missing'] as const;
export const itemCondition = z.enum(ITEM_CONDITIONS);
export type ItemCondition = z.infer<typeof itemCondition>;

/** The desk's decision on an item: its received units are refunded, or none of its units are. */
export const itemOutcome = z.enum(['accepted', 'rejected']);
export type ItemOutcome = z.infer<typeof itemOutcome>;

/** The longest reason the desk may give for an item's outcome (the shopper reads it). */
export const ITEM_REASON_MAX = 300;

/** One returned item as inspected at receipt. */
export const itemInspection = z.object({
  line_item_id: int,
  /** Units that came back, from none to the item's quantity. */
  received_quantity: int.min(0),
  condition: itemCondition,
  /** Its received units go back on sale at the store when it is refunded. */
  restock: z.boolean(),
  outcome: itemOutcome,
  /** Why: required for a rejected item, shown to the shopper. */
  reason: z.string().trim().max(ITEM_REASON_MAX).default(''),
});
export type ItemInspection = z.input<typeof itemInspection>;

/**
 * The receive action's body: nothing (every item received in full and accepted, as before issue 33), or every item
 * of the request once, as inspected.
 */
export const receiveBody = z
  .object({ items: z.array(itemInspection).min(1).max(250).optional() })
  .strict()
  .optional();
export type ReceiveBody = z.input<typeof receiveBody>;

/** An item's inspection as the merchant and the shopper see it; `outcome` is empty before a detailed receipt. */
export const itemInspectionView = {
  received_quantity: int.nullable().default(null),
  condition: z.union([itemCondition, z.literal('')]).default(''),
  restock: z.boolean().nullable().default(null),
  outcome: z.union([itemOutcome, z.literal('')]).default(''),
  outcome_reason: z.string().default(''),
};
