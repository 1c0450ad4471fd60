import type { Operation, Session, UserError } from './client.js';
import { refuseOn } from './client.js';
import { readDraft } from './draft-view.js';
import type { LedgerDraft } from './ledger.js';
import { gid } from './mapping.js';

/** Taking an exchange draft away at Shopify: deleting an open one, cancelling the order of a paid one. */

export const DRAFT_DELETE: Operation = {
  name: 'DraftOrderDelete',
  query: `mutation DraftOrderDelete($input: DraftOrderDeleteInput!) {
    draftOrderDelete(input: $input) { deletedId userErrors { field message } }
  }`,
  retryable: true,
};

const ORDER_CANCEL: Operation = {
  name: 'OrderCancel',
  query: `mutation OrderCancel($orderId: ID!, $refundMethod: OrderCancelRefundMethodInput!, $staffNote: String) {
    orderCancel(orderId: $orderId, refundMethod: $refundMethod, restock: true, reason: OTHER, notifyCustomer: false, staffNote: $staffNote) {
      job { id }
      orderCancelUserErrors { field message code }
    }
  }`,
  // A second cancel of a cancelled order is refused, not repeated.
  retryable: true,
};

/** Cancels the order Shopify made of a paid draft: its money refunded, its units restocked. */
export async function cancelOrder(s: Session, orderGid: string): Promise<void> {
  const { orderCancel } = await s.request<{ orderCancel: { orderCancelUserErrors: UserError[] } }>(ORDER_CANCEL, {
    orderId: orderGid,
    refundMethod: { originalPaymentMethodsRefund: true },
    staffNote: 'Return Center: the exchange was cancelled',
  });
  // Refused for an order cancelled before (a retry): its state says so, whatever words the refusal has.
  if (orderCancel.orderCancelUserErrors.length > 0 && !(await cancelled(s, orderGid)))
    refuseOn('OrderCancel', orderCancel.orderCancelUserErrors);
}

const ORDER_CANCELLED: Operation = {
  name: 'OrderCancelled',
  query: `query OrderCancelled($id: ID!) { order(id: $id) { cancelledAt } }`,
  retryable: true,
};

const cancelled = async (s: Session, orderGid: string) =>
  !!(await s.request<{ order: { cancelledAt: string | null } | null }>(ORDER_CANCELLED, { id: orderGid })).order
    ?.cancelledAt;

/**
 * Deletes a draft (its units back, its invoice dead); one already gone counts as deleted. Shopify's errors here carry
 * no code, so a refusal is read by looking: a draft that is no longer there was deleted before.
 */
export async function deleteDraft(s: Session, draftId: number): Promise<void> {
  const { draftOrderDelete } = await s.request<{ draftOrderDelete: { userErrors: UserError[] } }>(DRAFT_DELETE, {
    input: { id: gid('DraftOrder', draftId) },
  });
  if (draftOrderDelete.userErrors.length > 0 && (await readDraft(s, draftId)))
    refuseOn('DraftOrderDelete', draftOrderDelete.userErrors);
}

/** Cancelled, its key given up so the same choice later makes a new draft. */
export const freed = (d: LedgerDraft): LedgerDraft => ({
  ...d,
  key: `freed:${String(d.id)}`,
  state: 'cancelled',
  refunded: 0,
});
