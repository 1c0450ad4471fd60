import { RefundState, RequestStatus } from '@return-center/contract';
import {
  exchangeDifference,
  isOpenRequest,
  reconcileExchange,
  type ExchangeMoney,
  type ExchangeReconciliation,
} from '@return-center/domain';
import { acceptedAmount } from './inspection.js';
import type { ExchangeItem } from './new-request.js';
import type { InspectionRecord, ItemRecord, RequestRecord } from './request-record.js';

/** Σ price × quantity of an exchange request's new items, as they were at submit. */
export const exchangeSubtotal = (request: Pick<RequestRecord, 'exchange_items'>) =>
  (JSON.parse(request.exchange_items) as ExchangeItem[]).reduce((sum, item) => sum + item.price * item.quantity, 0);

/** Refund states in which the money is still on its way. */
const REFUND_UNDER_WAY: readonly string[] = [RefundState.Pending, RefundState.Processing];

/**
 * An exchange request's money as its row records it (ADR 049): what the return earns (nothing once rejected; after a
 * detailed receipt, the accepted units' share, issue 33), the difference the shopper paid (the draft's total: a submit
 * takes only a paid draft), what an instant exchange's card hold took (ADR 047: captured in part or in full; one still
 * held keeps the row open), the new items unless a rejection cancelled them before they became an order, and what was
 * given back (the leftover's refund once it went through, a rejected exchange's payment returned).
 */
export function exchangeMoneyOf(
  request: RequestRecord,
  items: readonly ItemRecord[],
  inspections: readonly InspectionRecord[],
): ExchangeMoney {
  const money = JSON.parse(request.money || '{}') as { total?: number; bonus?: number };
  const rejected = request.status === RequestStatus.Rejected;
  const earned = (amount: number) => (rejected ? 0 : acceptedAmount(amount, items, inspections));
  // The stored total already holds the bonus (withCreditBonus); the exchange's credit may exceed it on an even swap.
  const worth = earned(money.total ?? request.refund);
  const bonus = earned(money.bonus ?? 0);
  const subtotal = exchangeSubtotal(request);
  return {
    credit: worth - bonus,
    swapAllowance: earned(request.exchange_credit) - worth,
    bonus,
    differencePaid: exchangeDifference(request.exchange_credit, subtotal),
    captured: request.hold_state === 'captured' ? request.hold_captured : 0,
    held: request.hold_state === 'held' ? request.hold_amount : 0,
    newItems: rejected && !request.exchange_order_id ? 0 : subtotal,
    refunded: request.exchange_refunded + (request.refund_state === RefundState.Refunded ? request.actual_refund : 0),
    settling: isOpenRequest(request.status) || REFUND_UNDER_WAY.includes(request.refund_state),
  };
}

/** The reconciliation of one exchange request (domain reconcileExchange over exchangeMoneyOf). */
export const reconcileRequest = (
  request: RequestRecord,
  items: readonly ItemRecord[],
  inspections: readonly InspectionRecord[],
): ExchangeReconciliation => reconcileExchange(exchangeMoneyOf(request, items, inspections));
