import type { DraftOrder } from '../port.js';
import { refuseOn, ShopifyError, type Operation, type Session, type UserError } from './client.js';
import { current, DRAFT_FIELDS, isOpen, parseDraftKey, readDraft, TAG, totalOf, type DraftNode } from './draft-view.js';
import { deleteDraft, freed } from './drafts.js';
import { readLedger, updateLedger, type LedgerDraft } from './ledger.js';
import { idFrom, isoAt } from './mapping.js';

/** Reading, cancelling, completing and expiring exchange drafts (see draft-view.ts for how they map). */

const DRAFT_COMPLETE: Operation = {
  name: 'DraftOrderComplete',
  query: `mutation DraftOrderComplete($id: ID!) {
    draftOrderComplete(id: $id) { draftOrder { ${DRAFT_FIELDS} } userErrors { field message } }
  }`,
  // After a lost answer the next attempt of completeDraftOrder finds the draft completed.
  retryable: false,
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

const OPEN_DRAFTS: Operation = {
  name: 'OpenDraftOrders',
  query: `query OpenDraftOrders($query: String!) {
    draftOrders(first: 50, query: $query) {
      nodes { id status createdAt tags presentmentCurrencyCode totalPriceSet { presentmentMoney { amount currencyCode } } }
    }
  }`,
  retryable: true,
};

/** The ledger entry of a port draft id in the shop, with its order; null when the shop has no such draft. */
async function find(s: Session, draftKey: string) {
  const key = parseDraftKey(draftKey);
  if (!key) return null;
  const read = await readLedger(s, key.orderId);
  const entry = read?.ledger.drafts.find((d) => d.id === key.draftId);
  return entry ? { entry, orderId: key.orderId } : null;
}

export async function getDraftOrder(s: Session, draftKey: string): Promise<DraftOrder | null> {
  const found = await find(s, draftKey);
  return found ? current(s, found.entry) : null;
}

/**
 * Cancels once: an open draft is deleted (units back, invoice dead); a draft the shopper paid, which Shopify made an
 * order of, has that order cancelled with its money refunded and its units restocked. A draft completed through
 * completeDraftOrder stays. `expire`: only an open draft goes, and it gives up its key. Call inside the shop's mutex.
 */
export async function cancelDraftOrder(s: Session, draftKey: string, expire = false): Promise<DraftOrder | null> {
  const found = await find(s, draftKey);
  if (!found) return null;
  const { entry, orderId } = found;
  if (entry.state !== 'live') return current(s, entry);
  const node = await readDraft(s, entry.id);
  // Paid since it was found stale: the shopper's money is in it, it stays.
  if (expire && node && !isOpen(node)) return current(s, entry);
  let refunded = 0;
  if (node?.status === 'COMPLETED' && node.order) {
    await cancelOrder(s, node.order.id);
    refunded = totalOf(node);
  } else if (node) await deleteDraft(s, entry.id);
  const marked = await mark(s, orderId, entry.id, (d) => ({
    ...(expire ? freed(d) : d),
    state: 'cancelled',
    refunded,
  }));
  return current(s, marked);
}

async function cancelOrder(s: Session, orderGid: string): Promise<void> {
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
 * Makes the draft's order the exchange's, once: a draft the shopper paid already has one (Shopify made it at
 * checkout); one with nothing to pay is completed now. An open or cancelled draft stays as it is. Call inside the
 * shop's mutex.
 */
export async function completeDraftOrder(s: Session, draftKey: string): Promise<DraftOrder | null> {
  const found = await find(s, draftKey);
  if (!found) return null;
  const { entry, orderId } = found;
  if (entry.state !== 'live') return current(s, entry);
  let node = await readDraft(s, entry.id);
  if (!node) return current(s, entry);
  if (node.status !== 'COMPLETED') {
    if (isOpen(node)) return current(s, entry);
    const { draftOrderComplete } = await s.request<{
      draftOrderComplete: { draftOrder: DraftNode | null; userErrors: UserError[] };
    }>(DRAFT_COMPLETE, { id: node.id });
    refuseOn('DraftOrderComplete', draftOrderComplete.userErrors);
    node = draftOrderComplete.draftOrder;
  }
  const order = node?.order;
  if (!order) throw new ShopifyError(`Shopify completed draft ${String(entry.id)} into no order`);
  const marked = await mark(s, orderId, entry.id, (d) => ({
    ...d,
    state: 'completed',
    orderId: idFrom(order.id, 'Order'),
    orderName: order.name,
  }));
  return current(s, marked);
}

/** The adapter's open drafts made before `before` (unix seconds): the shop's part of expireOpenDraftOrders. */
export async function staleDrafts(s: Session, before: number): Promise<string[]> {
  type Stale = Pick<DraftNode, 'id' | 'status' | 'createdAt' | 'tags' | 'presentmentCurrencyCode' | 'totalPriceSet'>;
  const { draftOrders } = await s.request<{ draftOrders: { nodes: Stale[] } }>(OPEN_DRAFTS, {
    query: `tag:${TAG} AND status:open AND created_at:<'${isoAt(before)}'`,
  });
  return draftOrders.nodes.flatMap((node) => {
    const orderId = node.tags.map((t) => /^rc-order-(\d+)$/.exec(t)?.[1]).find(Boolean);
    // Shopify's search may be behind: what it finds is checked again when cancelled.
    return orderId && isOpen(node) && Date.parse(node.createdAt) < before * 1000
      ? [`${String(idFrom(node.id, 'DraftOrder'))}-${orderId}`]
      : [];
  });
}

async function mark(
  s: Session,
  orderId: number,
  draftId: number,
  change: (entry: LedgerDraft) => LedgerDraft,
): Promise<LedgerDraft> {
  let marked: LedgerDraft | undefined;
  await updateLedger(s, orderId, (now) => ({
    ...now,
    drafts: now.drafts.map((d) => (d.id === draftId ? (marked = change(d)) : d)),
  }));
  if (!marked) throw new ShopifyError(`Draft ${String(draftId)} left the ledger of order ${String(orderId)}`);
  return marked;
}
