import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { draftIdOf, getDraftOrder } from './local-draft-rows.js';
import { VariantUnavailable, type DraftOrder, type DraftOrderInput } from './port.js';

/**
 * The stock side of the local platform's draft orders (see the port): a draft takes its units out of
 * `variants.inventory_quantity` when paid (at once when nothing is due; at the checkout, once the payment is held
 * and before it is captured) with conditional updates, so of two drafts after the last unit only one gets it;
 * cancelling puts them back, once. A draft no request holds gives way to its group's next draft, and expires at its
 * `expires_at` (checked when another draft is made) or by the sweep.
 */

/** Takes the units out of stock, or throws VariantUnavailable for the first variant short of them. */
export async function takeUnits(trx: Db, lines: { variantId: number; quantity: number }[]): Promise<void> {
  for (const { variantId, quantity } of lines) {
    const taken = await trx
      .updateTable('variants')
      .set((eb) => ({ inventory_quantity: eb('inventory_quantity', '-', quantity) }))
      .where('id', '=', variantId)
      .where('inventory_quantity', '>=', quantity)
      .executeTakeFirst();
    if (taken.numUpdatedRows === 0n) throw new VariantUnavailable(variantId, 'out_of_stock');
  }
}

/**
 * Which drafts a cancel may take: any (the port's cancelDraftOrder), those no request holds (a group's next draft
 * replaces them), or those that also expire (open, or paid with nothing paid).
 */
type Cancellable = 'any' | 'unheld' | 'expirable';

/**
 * Cancels the draft if it may (see Cancellable); answers whether it did. Its units go back when it had taken them, a
 * paid draft's total is refunded (the local platform takes no money, so the refund is the record), and its key is
 * given up, so that the same key later makes a new draft rather than answering the cancelled one.
 */
async function cancelIn(trx: Db, shopId: number, id: number, which: Cancellable): Promise<boolean> {
  let update = trx
    .updateTable('platform_draft_orders')
    .set((eb) => ({
      status: 'cancelled',
      refunded: eb.case().when('status', '=', 'paid').then(eb.ref('total')).else(0).end(),
      idempotency_key: `freed:${String(id)}`,
    }))
    .where('shop_id', '=', shopId)
    .where('id', '=', id)
    .where('status', 'in', ['open', 'paid'])
    .where('completed_order_id', 'is', null);
  if (which !== 'any') update = update.where('held_at', 'is', null);
  if (which === 'expirable')
    update = update.where((eb) =>
      eb.or([eb('status', '=', 'open'), eb.and([eb('status', '=', 'paid'), eb('total', '=', 0)])]),
    );
  const cancelled = await update.executeTakeFirst();
  if (cancelled.numUpdatedRows === 0n) return false;
  const draft = await trx
    .selectFrom('platform_draft_orders')
    .select('holds_units')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (draft.holds_units !== 1) return true;
  const lines = await trx
    .selectFrom('platform_draft_order_lines')
    .select(['variant_id', 'quantity'])
    .where('draft_order_id', '=', id)
    .execute();
  for (const line of lines)
    await trx
      .updateTable('variants')
      .set((eb) => ({ inventory_quantity: eb('inventory_quantity', '+', line.quantity) }))
      .where('id', '=', line.variant_id)
      .execute();
  return true;
}

/** Drafts still standing that no request holds. */
const unheld = (db: Db, shopId: number) =>
  db
    .selectFrom('platform_draft_orders')
    .select('id')
    .where('shop_id', '=', shopId)
    .where('status', 'in', ['open', 'paid'])
    .where('held_at', 'is', null)
    .where('completed_order_id', 'is', null);

/**
 * Cancels the group's other drafts that no request holds (see the port); a group of '' is no group. A draft of the
 * same key is never other: one made by a racing first attempt with this key is the one this attempt will answer.
 */
export async function supersede(trx: Db, shopId: number, input: DraftOrderInput): Promise<void> {
  if (input.group === '') return;
  const others = await unheld(trx, shopId)
    .where('group_key', '=', input.group)
    .where('idempotency_key', '!=', input.idempotencyKey)
    .execute();
  for (const draft of others) await cancelIn(trx, shopId, draft.id, 'unheld');
}

/** Cancels the shop's expirable drafts whose time is up: before a draft is made, so its stock is what is free. */
export async function expireDue(trx: Db, shopId: number, now: number): Promise<void> {
  const due = await unheld(trx, shopId).where('expires_at', '<=', now).limit(500).execute();
  for (const draft of due) await cancelIn(trx, shopId, draft.id, 'expirable');
}

/** Cancels expirable drafts of any shop created before `before`, a batch at a time (see the port). */
export async function expireOpenDraftOrders(db: Db, before: number): Promise<number> {
  const stale = await db
    .selectFrom('platform_draft_orders')
    .select(['id', 'shop_id'])
    .where('status', 'in', ['open', 'paid'])
    .where('created_at', '<', before)
    .where('held_at', 'is', null)
    .where('completed_order_id', 'is', null)
    .limit(500)
    .execute();
  // One transaction each; a draft paid for or held since it was read stays.
  let count = 0;
  for (const draft of stale)
    if (await db.transaction().execute((trx) => cancelIn(trx, draft.shop_id, draft.id, 'expirable'))) count += 1;
  return count;
}

/** Cancels the shop's draft once (see the port). A draft completed into an order is not cancelled. */
export async function cancelDraftOrder(db: Db, shopId: number, draftId: string): Promise<DraftOrder | null> {
  const id = draftIdOf(draftId);
  if (id === null) return null;
  await db.transaction().execute((trx) => cancelIn(trx, shopId, id, 'any'));
  return getDraftOrder(db, shopId, draftId);
}

/** The units of the draft's lines. */
const linesOf = (trx: Db, id: number) =>
  trx
    .selectFrom('platform_draft_order_lines')
    .select(['variant_id as variantId', 'quantity'])
    .where('draft_order_id', '=', id)
    .execute();

/**
 * The shopper authorised the payment of the shop's open draft: it takes its units and stays open until the payment is
 * captured, once; VariantUnavailable, nothing taken, when they are no longer in stock. Answers the draft as it is then.
 */
export async function reserveDraftOrder(db: Db, shopId: number, draftId: string): Promise<DraftOrder | null> {
  const id = draftIdOf(draftId);
  if (id === null) return null;
  await db.transaction().execute(async (trx) => {
    const reserved = await trx
      .updateTable('platform_draft_orders')
      .set({ holds_units: 1 })
      .where('shop_id', '=', shopId)
      .where('id', '=', id)
      .where('status', '=', 'open')
      .where('holds_units', '=', 0)
      .executeTakeFirst();
    if (reserved.numUpdatedRows > 0n) await takeUnits(trx, await linesOf(trx, id));
  });
  return getDraftOrder(db, shopId, draftId);
}

/**
 * The shopper paid the shop's open draft (the local platform's stand-in for a checkout): it becomes paid and takes
 * its units (unless reserved), once; VariantUnavailable, and still open, when they are no longer in stock. Answers
 * the draft as it is then (a paid or cancelled draft stays as it was); null when the shop has no such draft.
 */
export async function markDraftOrderPaid(
  db: Db,
  clock: Clock,
  shopId: number,
  draftId: string,
): Promise<DraftOrder | null> {
  const id = draftIdOf(draftId);
  if (id === null) return null;
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('platform_draft_orders')
      .select('holds_units')
      .where('shop_id', '=', shopId)
      .where('id', '=', id)
      .executeTakeFirst();
    const paid = await trx
      .updateTable('platform_draft_orders')
      .set({ status: 'paid', paid_at: nowSeconds(clock), holds_units: 1 })
      .where('shop_id', '=', shopId)
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    // Drafts made before #30 took their units when made.
    if (paid.numUpdatedRows === 0n || before?.holds_units !== 0) return;
    await takeUnits(trx, await linesOf(trx, id));
  });
  return getDraftOrder(db, shopId, draftId);
}

/** A request holds the shop's paid draft from now on (see the port). */
export async function holdDraftOrder(
  db: Db,
  clock: Clock,
  shopId: number,
  draftId: string,
): Promise<DraftOrder | null> {
  const id = draftIdOf(draftId);
  if (id === null) return null;
  await db
    .updateTable('platform_draft_orders')
    .set({ held_at: nowSeconds(clock) })
    .where('shop_id', '=', shopId)
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .where('held_at', 'is', null)
    .execute();
  return getDraftOrder(db, shopId, draftId);
}
