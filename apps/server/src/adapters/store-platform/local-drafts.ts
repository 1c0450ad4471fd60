import { feedOrder, isId } from '@return-center/contract';
import { present } from '@return-center/domain';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { productFacts } from './local-catalogue.js';
import { byKey, getDraftOrder } from './local-draft-rows.js';
import { expireDue, supersede, takeUnits } from './local-draft-stock.js';
import { upsertFeedOrders } from './local-feed.js';
import { orderRow } from './local-orders.js';
import { UnknownOrder, VariantUnavailable, type DraftOrder, type DraftOrderInput } from './port.js';

/**
 * Draft orders of the local platform (`platform_draft_orders` and their lines): what the shopper of an exchange
 * pays for the new items beyond the credit of what they send back.
 * - total = Σ unit price × quantity − credit, never below 0 (the local platform charges no tax or shipping on it);
 * - nothing due: paid at once, its units taken now, no checkout URL; otherwise open, holding no units until paid at
 *   the local checkout page (LocalStorePlatform signs its links; once the payments provider holds the payment the
 *   page calls reserveDraftOrder, and markDraftOrderPaid once it is captured).
 *   completeDraftOrder makes the order of a paid draft;
 * - one draft per shop and idempotency key: a retry answers the first draft, whatever it asks this time;
 * - one draft per group that no request holds: asking for a draft cancels the group's others (local-draft-stock.ts);
 * - the variants must be the shop's with enough stock (a line asked twice counts both).
 */

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
  const now = nowSeconds(clock);
  // Drafts past their time give their units (and keys) back before anything is read.
  await expireDue(db, shopId, now);
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

  const lines = await linesOf(db, shopId, wanted);
  const subtotal = lines.reduce((sum, { variant, quantity }) => sum + variant.price * quantity, 0);
  const total = Math.max(0, subtotal - input.credit);
  // Nothing due: paid now, and its units are taken now. Otherwise they are taken when paid.
  if (total === 0)
    await takeUnits(
      db,
      lines.map(({ variant, quantity }) => ({ variantId: variant.id, quantity })),
    );
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
      holds_units: total === 0 ? 1 : 0,
      expires_at: input.holdUntil,
    })
    .returning('id')
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
  return present(await getDraftOrder(db, shopId, String(draft.id)), `draft ${String(draft.id)}`);
}

/** The shop's variants asked for, each with enough units in stock now; else VariantUnavailable. */
async function linesOf(db: Db, shopId: number, wanted: Map<number, number>) {
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
  return ids.map((variantId) => {
    const variant = variants.get(variantId);
    const quantity = wanted.get(variantId) ?? 0;
    if (!variant) throw new VariantUnavailable(variantId, 'unknown');
    if (variant.inventory_quantity < quantity) throw new VariantUnavailable(variantId, 'out_of_stock');
    return { variant, quantity };
  });
}

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
  // The draft's own email: a gift recipient's exchange is theirs, not the buyer's (ADR 044).
  const { email } = await db
    .selectFrom('platform_draft_orders')
    .select('email')
    .where('shop_id', '=', shopId)
    .where('id', '=', Number(draft.id))
    .executeTakeFirstOrThrow();
  let credit = draft.credit;
  // The new items are the catalogue's: their lines carry what the products are, as a store's order lines would.
  const facts = await productFacts(
    db,
    shopId,
    draft.lines.map((line) => line.productId),
  );
  const feed = feedOrder.parse({
    id: `exchange-${draft.id}`,
    name: `${from.order_name}-E${draft.id}`,
    number: `${from.order_number}-E${draft.id}`,
    email: email || from.email,
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
        ...facts.get(line.productId),
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
