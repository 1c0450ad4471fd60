import { randomBytes } from 'node:crypto';
import { allocate, present } from '@return-center/domain';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { orderRow } from './local-orders.js';
import {
  UnknownOrder,
  type RefundKind,
  type RefundRecord,
  type RefundRequest,
  type RefundResult,
  type SuggestedRefund,
} from './port.js';

/**
 * Refunds of the local platform: suggested from the order's lines, issued into `platform_refunds` (their units taken
 * back on the order's lines and into stock) and listed from there.
 */

/**
 * What refunding these units would pay back. The units of a line are taken after the ones already refunded, and a
 * line's discount and tax are shared among its units the way `allocate` shares them: the first n units carry
 * allocate(amount, [n, rest])[0], so the steps of a line refunded bit by bit add up to exactly the line.
 * A line asked for twice counts once with both quantities; a line the order does not have is left out; a quantity
 * past what is left counts what is left (possibly nothing). Null when the order is not the shop's.
 */
export async function suggestRefund(
  db: Db,
  shopId: number,
  orderId: number,
  asked: { lineId: number; quantity: number }[],
): Promise<SuggestedRefund | null> {
  const order = await orderRow(db, shopId, orderId);
  if (!order) return null;
  const lines = new Map(
    (await db.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).execute()).map((l) => [l.id, l]),
  );
  const wanted = new Map<number, number>();
  for (const { lineId, quantity } of asked)
    if (lines.has(lineId)) wanted.set(lineId, (wanted.get(lineId) ?? 0) + Math.max(0, Math.floor(quantity)));
  const parts = [...wanted].map(([lineId, quantity]) => {
    const line = present(lines.get(lineId), `order line ${String(lineId)}`);
    const from = Math.min(Math.max(line.refunded_quantity, 0), line.quantity);
    const units = Math.min(quantity, line.quantity - from);
    const subtotal = line.price * units;
    const discount = share(line.discount, from, units, line.quantity);
    const tax = share(line.tax, from, units, line.quantity);
    return { lineId, quantity: units, subtotal, discount, tax, total: subtotal - discount + tax };
  });
  return { currency: order.currency, lines: parts, total: parts.reduce((sum, p) => sum + p.total, 0) };
}

/** The part of a line-level amount carried by units `from` … `from + units − 1` of its `of` units. */
const share = (amount: number, from: number, units: number, of: number) =>
  firstUnits(amount, from + units, of) - firstUnits(amount, from, of);
const firstUnits = (amount: number, units: number, of: number) =>
  present(allocate(amount, [units, of - units])[0], 'share of the first units');

const CODE_PREFIX: Record<RefundKind, string> = { original: '', discount_code: 'RETURN-', gift_card: 'GIFT-' };

/**
 * Records a refund of the shop's order once per idempotency key, and with it takes its units back (see takeBack): a
 * retry answers the first refund's reference and code and moves nothing again. A key already used for another order
 * is refused rather than answered with that order's refund.
 */
export async function issueRefund(db: Db, clock: Clock, input: RefundRequest): Promise<RefundResult> {
  if (!(await orderRow(db, input.shopId, input.orderId))) throw new UnknownOrder(input.shopId, input.orderId);
  const prefix = CODE_PREFIX[input.kind];
  const code = prefix ? `${prefix}${randomBytes(5).toString('hex').toUpperCase()}` : '';
  const now = nowSeconds(clock);
  const record = async (trx: Db) => {
    const made = await trx
      .insertInto('platform_refunds')
      .values({
        order_id: input.orderId,
        idempotency_key: input.idempotencyKey,
        kind: input.kind,
        amount: input.amount,
        currency: input.currency,
        code,
        created_at: now,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (made) await takeBack(trx, input, now);
    return trx
      .selectFrom('platform_refunds')
      .select(['id', 'code', 'order_id'])
      .where('idempotency_key', '=', input.idempotencyKey)
      .executeTakeFirstOrThrow();
  };
  const row = await (db.isTransaction ? record(db) : db.transaction().execute(record));
  if (row.order_id !== input.orderId) throw new Error(`Refund key ${input.idempotencyKey} was used for another order`);
  return { reference: reference(row.id), code: row.code };
}

/**
 * The refund's units marked refunded on their lines (capped at what each has left), back in the shop's stock when
 * they came back, and the order refunded once none of its units is left.
 */
async function takeBack(trx: Db, input: RefundRequest, now: number): Promise<void> {
  const lines = new Map(
    (
      await trx
        .selectFrom('order_lines')
        .select(['id', 'quantity', 'refunded_quantity', 'variant_id'])
        .where('order_id', '=', input.orderId)
        .execute()
    ).map((l) => [l.id, l]),
  );
  let took = false;
  for (const { lineId, quantity, restock } of input.lines) {
    const line = lines.get(lineId);
    const units = line ? Math.min(Math.max(0, Math.floor(quantity)), line.quantity - line.refunded_quantity) : 0;
    if (!line || units <= 0) continue;
    line.refunded_quantity += units;
    took = true;
    await trx
      .updateTable('order_lines')
      .set({ refunded_quantity: line.refunded_quantity })
      .where('id', '=', lineId)
      .execute();
    if (restock ?? input.restock)
      await trx
        .updateTable('variants')
        .set((eb) => ({ inventory_quantity: eb('inventory_quantity', '+', units) }))
        .where('id', '=', line.variant_id)
        .where('product_id', 'in', trx.selectFrom('products').select('id').where('shop_id', '=', input.shopId))
        .execute();
  }
  if (took && [...lines.values()].every((l) => l.refunded_quantity >= l.quantity))
    await trx
      .updateTable('orders')
      .set({ refunded_at: now })
      .where('id', '=', input.orderId)
      .where('refunded_at', 'is', null)
      .execute();
}

/** The refunds issued for the shop's order, oldest first; none for an order that is not the shop's. */
export async function listRefunds(db: Db, shopId: number, orderId: number): Promise<RefundRecord[]> {
  if (!(await orderRow(db, shopId, orderId))) return [];
  const rows = await db
    .selectFrom('platform_refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    reference: reference(row.id),
    kind: refundKind(row.kind),
    amount: row.amount,
    currency: row.currency,
    code: row.code,
    createdAt: row.created_at,
  }));
}

const reference = (id: number) => `local-refund-${String(id)}`;

const isRefundKind = (value: string): value is RefundKind => Object.hasOwn(CODE_PREFIX, value);

function refundKind(value: string): RefundKind {
  if (isRefundKind(value)) return value;
  throw new Error(`Unknown refund kind ${value} in platform_refunds`);
}
