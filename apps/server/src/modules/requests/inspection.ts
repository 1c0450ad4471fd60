import type { ItemCondition, itemInspection, ShopperInspection } from '@return-center/contract';
import { acceptedShare } from '@return-center/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { errors } from '../../http/app-error.js';
import type { InspectionRecord, ItemRecord } from './request-record.js';

export type Inspection = z.output<typeof itemInspection>;

/** How a condition reads on the timeline. */
const CONDITION_WORDS: Record<ItemCondition, string> = {
  as_new: 'as new',
  opened: 'opened',
  damaged: 'damaged',
  wrong_item: 'wrong item',
  missing: 'missing',
};

const of = (item: ItemRecord, inspections: readonly InspectionRecord[]) =>
  inspections.filter((i) => i.order_line_id === item.order_line_id);

/** The units of an item that are refunded: all of them until a detailed receipt, then the accepted ones. */
export function acceptedUnits(item: ItemRecord, inspections: readonly InspectionRecord[]): number {
  if (inspections.length === 0) return item.quantity;
  const accepted = of(item, inspections).filter((i) => i.outcome === 'accepted');
  return Math.min(
    item.quantity,
    accepted.reduce((sum, i) => sum + i.quantity, 0),
  );
}

/** The part of `amount` the accepted units earn (domain acceptedShare): all of it before a detailed receipt. */
export const acceptedAmount = (
  amount: number,
  items: readonly ItemRecord[],
  inspections: readonly InspectionRecord[],
): number =>
  acceptedShare(
    amount,
    items.map((item) => ({
      price: item.price,
      quantity: item.quantity,
      discount: item.discount,
      tax: item.tax,
      lineQuantity: item.line_quantity,
      accepted: acceptedUnits(item, inspections),
    })),
  );

/**
 * The units a refund takes back at the platform: every unit, back on sale as the return method says, before a
 * detailed receipt; after it the accepted units, each group back on sale as the desk chose.
 */
export function refundLines(
  items: readonly ItemRecord[],
  inspections: readonly InspectionRecord[],
): { lineId: number; quantity: number; restock?: boolean }[] {
  if (inspections.length === 0) return items.map((item) => ({ lineId: item.order_line_id, quantity: item.quantity }));
  return inspections
    .filter((i) => i.outcome === 'accepted')
    .map((i) => ({ lineId: i.order_line_id, quantity: i.quantity, restock: i.restock === 1 }));
}

/** What the shopper is told of an item: its refunded units, and the others with their condition and reason. */
export function shopperInspection(item: ItemRecord, inspections: readonly InspectionRecord[]): ShopperInspection {
  if (inspections.length === 0) return null;
  return {
    accepted: acceptedUnits(item, inspections),
    rejected: of(item, inspections)
      .filter((i) => i.outcome === 'rejected')
      .map((i) => ({ quantity: i.quantity, condition: i.condition as ItemCondition, reason: i.reason })),
  };
}

const itemName = (item: ItemRecord) => [item.title, item.variant_title].filter(Boolean).join(' / ');

/** The timeline's words for a detailed receipt: "Shirt / M ×1 as new, accepted, restocked; … ×1 damaged, rejected (Torn)". */
export function inspectionNote(items: readonly ItemRecord[], inspections: readonly InspectionRecord[]): string {
  return items
    .flatMap((item) =>
      of(item, inspections).map((i) => {
        const why = i.reason ? ` (${i.reason})` : '';
        const stock = i.outcome === 'accepted' ? (i.restock ? ', restocked' : ', not restocked') : '';
        const condition = (CONDITION_WORDS as Record<string, string | undefined>)[i.condition] ?? i.condition;
        return `${itemName(item)} ×${String(i.quantity)} ${condition}, ${i.outcome}${why}${stock}`;
      }),
    )
    .join('; ');
}

/** What a refund covers, for its timeline entry: the refunded units and, after a detailed receipt, the others. */
export function refundNote(amount: number, items: readonly ItemRecord[], inspections: readonly InspectionRecord[]) {
  if (inspections.length === 0) return `amount ${String(amount)}`;
  const refunded = items
    .filter((item) => acceptedUnits(item, inspections) > 0)
    .map((item) => `${itemName(item)} ×${String(acceptedUnits(item, inspections))}`);
  const others = items.flatMap((item) => {
    const left = item.quantity - acceptedUnits(item, inspections);
    const why = [...new Set(of(item, inspections).map((i) => i.reason))].filter(Boolean).join(', ');
    return left > 0 ? [`${itemName(item)} ×${String(left)}${why ? ` (${why})` : ''}`] : [];
  });
  return [
    `amount ${String(amount)} for ${refunded.join(', ') || 'no item'}`,
    ...(others.length ? [`not refunded: ${others.join(', ')}`] : []),
  ].join('; ');
}

/**
 * Stores the desk's inspection at receipt (issue 33): units of the request's items, no more than each item's, a
 * rejected group with a reason, an accepted one neither missing nor left out of the stock decision; else 422.
 * Units left out were not received.
 */
export async function recordInspection(
  trx: Db,
  requestId: number,
  inspections: readonly Inspection[],
  at: number,
): Promise<void> {
  const items = await trx.selectFrom('return_items').selectAll().where('request_id', '=', requestId).execute();
  const byLine = new Map(items.map((item) => [item.order_line_id, item]));
  const counted = new Map<number, number>();
  for (const [index, inspection] of inspections.entries()) {
    const field = (name: string) => `items.${String(index)}.${name}`;
    const item = byLine.get(inspection.line_item_id);
    if (!item) throw errors.unprocessable(field('line_item_id'), 'not an item of this request');
    const units = (counted.get(item.order_line_id) ?? 0) + inspection.quantity;
    counted.set(item.order_line_id, units);
    if (units > item.quantity)
      throw errors.unprocessable(field('quantity'), `the item was returned ${String(item.quantity)} times at most`);
    if (inspection.outcome === 'rejected' && inspection.reason === '')
      throw errors.unprocessable(field('reason'), 'say why these units are not refunded');
    if (inspection.outcome === 'accepted' && inspection.condition === 'missing')
      throw errors.unprocessable(field('condition'), 'missing units cannot be accepted');
    if (inspection.outcome === 'rejected' && inspection.restock)
      throw errors.unprocessable(field('restock'), 'rejected units are not refunded, so not restocked');
  }
  await trx
    .insertInto('item_inspections')
    .values(
      inspections.map((i) => ({
        request_id: requestId,
        order_line_id: i.line_item_id,
        quantity: i.quantity,
        condition: i.condition,
        restock: i.restock ? 1 : 0,
        outcome: i.outcome,
        reason: i.reason,
        created_at: at,
      })),
    )
    .execute();
}
