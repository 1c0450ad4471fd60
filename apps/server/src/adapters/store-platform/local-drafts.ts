import { feedOrder, isId } from '@return-center/contract';
import { present } from '@return-center/domain';
import type { Selectable } from 'kysely';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { PlatformDraftOrdersTable } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { upsertFeedOrders } from './local-feed.js';
import { orderRow } from './local-orders.js';
import { UnknownOrder, VariantUnavailable, type DraftOrder, type DraftOrderInput } from './port.js';

/**
 * Draft orders of the local platform (`platform_draft_orders` and their lines): what the shopper of an exchange
 * pays for the new items beyond the credit of what they send back.
 * - total = Σ unit price × quantity − credit, never below 0 (the local platform charges no tax or shipping on it);
 * - nothing due: paid at once, no checkout URL; otherwise open, paid at the local checkout page (LocalStorePlatform
 *   signs its links; its Pay button calls markDraftOrderPaid). completeDraftOrder makes the order of a paid draft;
 * - one draft per shop and idempotency key: a retry answers the first draft, whatever it asks this time;
 * - one unpaid draft per group: asking for a draft cancels the group's other open ones;
 * - the variants must be the shop's with enough stock (a line asked twice counts both). A draft takes its units out of
 *   `variants.inventory_quantity` with a conditional update, so of two drafts after the last unit only one gets it;
 *   cancelling the draft puts them back.
 */

const CHECKOUT_PATH = '/local-checkout/';

export async function createDraftOrder(db: Db, clock: Clock, shopId: number, input: DraftOrderInput) {
  const create = (trx: Db) => createIn(trx, clock, shopId, input);
  // Inside a caller's transaction the caller owns atomicity and retries.
  if (db.isTransaction) return create(db);
  try {
    return await db.transaction().execute(create);
  } catch (error) {
    // Two first attempts with one key raced: the loser answers the winner's draft.
    if (!isUniqueViolation(error)) throw error;
    return present(await byKey(db, shopId, input.idempotencyKey), `draft order ${input.idempotencyKey}`);
  }
}

async function createIn(db: Db, clock: Clock, shopId: number, input: DraftOrderInput): Promise<DraftOrder> {
  const earlier = await byKey(db, shopId, input.idempotencyKey);
  if (earlier) {
    await supersede(db, shopId, input);
    return earlier;
  }
  if (!(await orderRow(db, shopId, input.orderId))) throw new UnknownOrder(shopId, input.orderId);
  if (!Number.isSafeInteger(input.credit) || input.credit < 0)
    throw new RangeError('A draft order’s credit is a whole number of minor units, 0 or more');
  const wanted = new Map<number, number>();
  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
      throw new RangeError('A draft order line takes at least one unit');
    wanted.set(line.variantId, (wanted.get(line.variantId) ?? 0) + line.quantity);
  }
  if (wanted.size === 0) throw new RangeError('A draft order needs at least one line');
  // Before stock is read: the units of the choice this one replaces count for it.
  await supersede(db, shopId, input);

  const ids = [...wanted.keys()];
  const variants = new Map(
    (
      await db
        .selectFrom('variants')
        .innerJoin('products', 'products.id', 'variants.product_id')
        .select([
          'variants.id',
          'variants.product_id',
          'variants.title as variant_title',
          'variants.sku',
          'variants.price',
          'variants.inventory_quantity',
          'products.title',
        ])
        .where('products.shop_id', '=', shopId)
        .where('variants.id', 'in', ids.filter(isId))
        .execute()
    ).map((v) => [v.id, v]),
  );
  const lines = ids.map((variantId) => {
    const variant = variants.get(variantId);
    const quantity = wanted.get(variantId) ?? 0;
    if (!variant) throw new VariantUnavailable(variantId, 'unknown');
    if (variant.inventory_quantity < quantity) throw new VariantUnavailable(variantId, 'out_of_stock');
    return { variant, quantity };
  });

  for (const { variant, quantity } of lines) {
    // The check above read stock before another draft may have taken it: only this update decides.
    const taken = await db
      .updateTable('variants')
      .set((eb) => ({ inventory_quantity: eb('inventory_quantity', '-', quantity) }))
      .where('id', '=', variant.id)
      .where('inventory_quantity', '>=', quantity)
      .executeTakeFirst();
    if (taken.numUpdatedRows === 0n) throw new VariantUnavailable(variant.id, 'out_of_stock');
  }

  const subtotal = lines.reduce((sum, { variant, quantity }) => sum + variant.price * quantity, 0);
  const total = Math.max(0, subtotal - input.credit);
  const now = nowSeconds(clock);
  const draft = await db
    .insertInto('platform_draft_orders')
    .values({
      shop_id: shopId,
      order_id: input.orderId,
      idempotency_key: input.idempotencyKey,
      group_key: input.group,
      email: input.email.trim().toLowerCase(),
      currency: input.currency,
      subtotal,
      credit: input.credit,
      total,
      status: total === 0 ? 'paid' : 'open',
      created_at: now,
      paid_at: total === 0 ? now : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('platform_draft_order_lines')
    .values(
      lines.map(({ variant, quantity }) => ({
        draft_order_id: draft.id,
        product_id: variant.product_id,
        variant_id: variant.id,
        title: variant.title,
        variant_title: variant.variant_title,
        sku: variant.sku,
        price: variant.price,
        quantity,
      })),
    )
    .execute();
  return toDraftOrder(db, draft);
}

async function byKey(db: Db, shopId: number, key: string): Promise<DraftOrder | null> {
  const row = await db
    .selectFrom('platform_draft_orders')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row ? toDraftOrder(db, row) : null;
}

/** The shop's draft by its id; null for another shop's draft or an id the local platform never gave. */
export async function getDraftOrder(db: Db, shopId: number, draftId: string): Promise<DraftOrder | null> {
  const id = draftIdOf(draftId);
  if (id === null) return null;
  const row = await db
    .selectFrom('platform_draft_orders')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toDraftOrder(db, row) : null;
}

/**
 * The shopper paid the shop's open draft (the local platform's stand-in for a checkout): it becomes paid, once.
 * Answers the draft as it is then (a paid or cancelled draft stays as it was); null when the shop has no such draft.
 */
export async function markDraftOrderPaid(
  db: Db,
  clock: Clock,
  shopId: number,
  draftId: string,
): Promise<DraftOrder | null> {
  const id = draftIdOf(draftId);
  if (id === null) return null;
  await db
    .updateTable('platform_draft_orders')
    .set({ status: 'paid', paid_at: nowSeconds(clock) })
    .where('shop_id', '=', shopId)
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
  return getDraftOrder(db, shopId, draftId);
}

/**
 * Cancels the shop's draft once (see the port): its units go back to stock, and a paid draft's total is refunded (the
 * local platform takes no money, so the refund is the record). A draft completed into an order is not cancelled.
 */
export async function cancelDraftOrder(db: Db, shopId: number, draftId: string): Promise<DraftOrder | null> {
  const id = draftIdOf(draftId);
  if (id === null) return null;
  await db.transaction().execute((trx) => cancelIn(trx, shopId, id, ['open', 'paid']));
  return getDraftOrder(db, shopId, draftId);
}

/**
 * Cancels the draft if its status is one of `from`; answers whether it did. An expired or superseded draft also gives
 * up its key, so that the shopper coming back to the same choice gets a new draft rather than the cancelled one.
 */
async function cancelIn(trx: Db, shopId: number, id: number, from: string[], freeKey = false): Promise<boolean> {
  const cancelled = await trx
    .updateTable('platform_draft_orders')
    .set((eb) => ({
      status: 'cancelled',
      refunded: eb.case().when('status', '=', 'paid').then(eb.ref('total')).else(0).end(),
      ...(freeKey ? { idempotency_key: `freed:${String(id)}` } : {}),
    }))
    .where('shop_id', '=', shopId)
    .where('id', '=', id)
    .where('status', 'in', from)
    .where('completed_order_id', 'is', null)
    .executeTakeFirst();
  if (cancelled.numUpdatedRows === 0n) return false;
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

/**
 * Cancels the group's other open drafts (see the port); a group of '' is no group. A draft of the same key is never
 * other: one made by a racing first attempt with this key is the one this attempt will answer.
 */
async function supersede(trx: Db, shopId: number, input: DraftOrderInput): Promise<void> {
  if (input.group === '') return;
  const open = await trx
    .selectFrom('platform_draft_orders')
    .select('id')
    .where('shop_id', '=', shopId)
    .where('group_key', '=', input.group)
    .where('status', '=', 'open')
    .where('idempotency_key', '!=', input.idempotencyKey)
    .execute();
  for (const draft of open) await cancelIn(trx, shopId, draft.id, ['open'], true);
}

/** Cancels open drafts of any shop created before `before`, a batch at a time (see the port). */
export async function expireOpenDraftOrders(db: Db, before: number): Promise<number> {
  const stale = await db
    .selectFrom('platform_draft_orders')
    .select(['id', 'shop_id'])
    .where('status', '=', 'open')
    .where('created_at', '<', before)
    .limit(500)
    .execute();
  // One transaction each; a draft paid since it was read is no longer open, and stays.
  let count = 0;
  for (const draft of stale)
    if (await db.transaction().execute((trx) => cancelIn(trx, draft.shop_id, draft.id, ['open'], true))) count += 1;
  return count;
}

const orderName = async (db: Db, orderId: number) =>
  (await db.selectFrom('orders').select('order_name').where('id', '=', orderId).executeTakeFirst())?.order_name ?? '';

/**
 * The order of a paid draft, made once through the order feed: named after the order the exchange comes from
 * ("#1001-E7", number "1001-E7"), its lines the draft's with the credit as their discount, placed now.
 */
export async function completeDraftOrder(
  db: Db,
  clock: Clock,
  shopId: number,
  draftId: string,
): Promise<DraftOrder | null> {
  const draft = await getDraftOrder(db, shopId, draftId);
  if (!draft || draft.status !== 'paid' || draft.orderId !== null) return draft;
  const from = present(await orderRow(db, shopId, draft.fromOrderId), `order ${String(draft.fromOrderId)}`);
  let credit = draft.credit;
  const feed = feedOrder.parse({
    id: `exchange-${draft.id}`,
    name: `${from.order_name}-E${draft.id}`,
    number: `${from.order_number}-E${draft.id}`,
    email: from.email,
    phone: from.phone,
    currency: draft.currency,
    created_at: nowSeconds(clock),
    lines: draft.lines.map((line, i) => {
      const discount = Math.min(credit, line.price * line.quantity);
      credit -= discount;
      return {
        id: `exchange-${draft.id}-${String(i + 1)}`,
        product_id: line.productId,
        variant_id: line.variantId,
        title: line.title,
        variant_title: line.variantTitle,
        price: line.price,
        quantity: line.quantity,
        discount,
      };
    }),
  });
  const [result] = await upsertFeedOrders(db, shopId, [feed]);
  if (!result || 'error' in result)
    throw new Error(`Exchange order of draft ${draft.id}: ${result?.error ?? 'not saved'}`);
  await db
    .updateTable('platform_draft_orders')
    .set({ completed_order_id: result.orderId })
    .where('shop_id', '=', shopId)
    .where('id', '=', Number(draft.id))
    .where('completed_order_id', 'is', null)
    .execute();
  return getDraftOrder(db, shopId, draftId);
}

/** Local draft ids are the row's id in decimal. */
function draftIdOf(draftId: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(draftId)) return null;
  const id = Number(draftId);
  return isId(id) ? id : null;
}

async function toDraftOrder(db: Db, row: Selectable<PlatformDraftOrdersTable>): Promise<DraftOrder> {
  const status = row.status === 'paid' || row.status === 'cancelled' ? row.status : 'open';
  const lines = await db
    .selectFrom('platform_draft_order_lines')
    .select(['variant_id', 'product_id', 'title', 'variant_title', 'price', 'quantity'])
    .where('draft_order_id', '=', row.id)
    .orderBy('id')
    .execute();
  return {
    id: String(row.id),
    fromOrderId: row.order_id,
    lines: lines.map((line) => ({
      variantId: line.variant_id,
      productId: line.product_id,
      title: line.title,
      variantTitle: line.variant_title,
      price: line.price,
      quantity: line.quantity,
    })),
    subtotal: row.subtotal,
    credit: row.credit,
    checkoutUrl: status === 'open' ? `${CHECKOUT_PATH}${String(row.id)}` : '',
    total: row.total,
    currency: row.currency,
    status,
    orderId: row.completed_order_id,
    orderName: row.completed_order_id === null ? '' : await orderName(db, row.completed_order_id),
    refunded: row.refunded,
  };
}
