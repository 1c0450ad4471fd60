import type { DeskItem, DeskOrder } from '@return-center/contract';

/** The lines staff chose, by line id: how many, why, and what the shopper said. */
export type Picks = Record<number, DeskItem | undefined>;

/** The chosen lines in the order's order, as the contract's items. */
export const chosenItems = (picks: Picks): DeskItem[] =>
  Object.values(picks).filter((pick): pick is DeskItem => pick !== undefined);

/** The picks a request's items make (its lines, quantities, reasons and words), to start an edit from. */
export function picksOf(items: { line_item_id: number; quantity: number; reason_id: number; description: string }[]) {
  const picks: Picks = {};
  for (const { line_item_id, quantity, reason_id, description } of items)
    picks[line_item_id] = { line_item_id, quantity, reason_id, description };
  return picks;
}

/** The first reason of the shop that needs no photo: staff cannot attach one for the shopper. */
export const firstReason = (order: DeskOrder) =>
  (order.reasons.find((reason) => reason.proof === 'optional') ?? order.reasons[0])?.id ?? 0;
