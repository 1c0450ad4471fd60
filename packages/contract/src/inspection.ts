import { z } from 'zod';
import { int } from './envelope.js';

/** How returned units came back, as the desk grades them at receipt (issue 33). */
export const ITEM_CONDITIONS = ['as_new', 'opened', 'damaged', 'wrong_item', 'missing'] as const;
export const itemCondition = z.enum(ITEM_CONDITIONS);
export type ItemCondition = z.infer<typeof itemCondition>;

/** The desk's decision on some units: refunded, or not refunded. */
export const itemOutcome = z.enum(['accepted', 'rejected']);
export type ItemOutcome = z.infer<typeof itemOutcome>;

/** The longest reason the desk may give for an outcome (the shopper reads it). */
export const ITEM_REASON_MAX = 300;

/**
 * Some units of one returned item as inspected at receipt: how many, their condition, whether they go back on sale
 * when refunded, and the decision with its reason (required for rejected units). An item whose units fared
 * differently (one pair fine, one damaged) is named once per group.
 */
export const itemInspection = z.object({
  line_item_id: int,
  quantity: int.min(1),
  condition: itemCondition,
  restock: z.boolean().default(false),
  outcome: itemOutcome,
  reason: z.string().trim().max(ITEM_REASON_MAX).default(''),
});
export type ItemInspection = z.input<typeof itemInspection>;

/**
 * The receive action's body: nothing (every unit received and accepted, as before issue 33), or the inspected units;
 * units of the request left out were not received and are not refunded.
 */
export const receiveBody = z
  .object({ items: z.array(itemInspection).min(1).max(250).optional() })
  .strict()
  .optional();
export type ReceiveBody = z.input<typeof receiveBody>;

/** One inspected group of units as the merchant sees it. */
export const inspectedUnits = itemInspection.omit({ line_item_id: true }).extend({
  restock: z.boolean(),
  reason: z.string(),
});
export type InspectedUnits = z.infer<typeof inspectedUnits>;

/**
 * What the shopper is told of an item after a detailed receipt: the units refunded, and the others with their
 * condition and the desk's reason. Null before (every unit is refunded).
 */
export const shopperInspection = z
  .object({
    accepted: int,
    rejected: z.array(z.object({ quantity: int, condition: itemCondition, reason: z.string() })),
  })
  .nullable()
  .default(null);
export type ShopperInspection = z.infer<typeof shopperInspection>;
