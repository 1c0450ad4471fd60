import { ShippingMethodId, SolutionId, WITHDRAWAL_REQUEST_TYPE } from '@return-center/contract';
import { computeReturnMoney } from '@return-center/domain';
import type { PlatformOrder } from '../../adapters/store-platform/port.js';
import { lineSnapshot, orderSnapshot, type NewRequest } from '../requests/new-request.js';

/** A line withdrawn from, with its units. */
export interface WithdrawnLine {
  line_item_id: number;
  title: string;
  quantity: number;
}

/** The units of each line still held (not refunded at the platform). */
const heldOf = (order: PlatformOrder) =>
  order.lines.map((line) => ({ line, held: line.quantity - line.refundedQuantity })).filter(({ held }) => held > 0);

/** The order's items a consumer may pick in step 1. */
export const pickableItems = (order: PlatformOrder) =>
  heldOf(order).map(({ line, held }) => ({
    line_item_id: line.id,
    title: line.title,
    variant_title: line.variantTitle,
    quantity: held,
  }));

/**
 * What a declaration withdraws from a found order: every held unit for the whole order; for some items, the picked
 * ones within what the order still holds (a line not on the order, or more units than it holds, is cut to what it is).
 */
export function withdrawnLines(
  order: PlatformOrder,
  scope: 'order' | 'items',
  picked: { line_item_id: number; quantity: number }[],
): WithdrawnLine[] {
  const held = heldOf(order);
  if (scope === 'order')
    return held.map(({ line, held: n }) => ({ line_item_id: line.id, title: line.title, quantity: n }));
  return picked.flatMap((pick) => {
    const found = held.find(({ line }) => line.id === pick.line_item_id);
    if (!found) return [];
    return [{ line_item_id: found.line.id, title: found.line.title, quantity: Math.min(pick.quantity, found.held) }];
  });
}

/**
 * The request a withdrawal becomes (ADR 046): its own type, the money back to the original payment with no fee of any
 * kind and, when the whole order is withdrawn, its delivery costs (Art. 13(1)); no rule is asked, none can deny it.
 */
export function withdrawalRequest(
  order: PlatformOrder,
  lines: WithdrawnLine[],
  {
    shopId,
    language,
    key,
    at,
    declaredAt,
    description,
  }: {
    shopId: number;
    language: string;
    key: string;
    /** When the request is made: the declaration's time, or when staff linked the declaration to the order. */
    at: number;
    /** When the withdrawal was declared: the refund is due 14 days later. */
    declaredAt: number;
    description: string;
  },
): NewRequest {
  const held = heldOf(order).reduce((sum, { held: n }) => sum + n, 0);
  const withdrawn = lines.reduce((sum, l) => sum + l.quantity, 0);
  const money = computeReturnMoney({
    lines: lines.map((l) => {
      const line = order.lines.find((each) => each.id === l.line_item_id);
      if (!line) throw new Error(`line ${l.line_item_id} is not on order ${order.id}`);
      return { line: { ...line, returnedBefore: line.refundedQuantity }, quantity: l.quantity };
    }),
    orderShipping: order.shipping,
    returnsEverything: withdrawn === held && order.lines.every((line) => line.refundedQuantity === 0),
    usesMerchantLabel: false,
    settings: { refundShipping: true, returnFee: 0, labelFee: 0, restockingFeePercent: 0 },
  });
  return {
    shop_id: shopId,
    order_id: order.id,
    solution_id: SolutionId.RefundOriginal,
    shipping_method_id: ShippingMethodId.OwnShipping,
    refund: money.total,
    currency: order.currency,
    language,
    idempotency_key: key,
    request_type: WITHDRAWAL_REQUEST_TYPE,
    platform_order_id: order.platformId,
    ...orderSnapshot(order),
    money: JSON.stringify(money),
    created_at: at,
    withdrawal_declared_at: declaredAt,
    items: lines.map((l) => ({
      ...lineSnapshot(order, l.line_item_id),
      quantity: l.quantity,
      reason_id: 0,
      reason_text: '',
      description,
      proof: '[]',
    })),
  };
}
