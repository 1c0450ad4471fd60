import type { DraftOrder } from '../port.js';
import { refuseOn, ShopifyError, type Operation, type Session, type UserError } from './client.js';
import { current, DRAFT_FIELDS, isOpen, parseDraftKey, readDraft, TAG, totalOf, type DraftNode } from './draft-view.js';
import { cancelOrder, deleteDraft, freed } from './draft-cancel.js';
import { isHeld, readLedger, updateLedger, type LedgerDraft } from './ledger.js';
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

/**
 * How long Shopify keeps a held draft's units reserved: the merchant decides on the request well within it, and
 * approval completes the draft (its units then the order's), rejection deletes it.
 */
const HELD_RESERVATION_DAYS = 60;
/** Marks a draft a request holds, so that the search for stale drafts leaves it out. */
const HELD_TAG = 'rc-held';

const DRAFT_HOLD: Operation = {
  name: 'DraftOrderHold',
  query: `mutation DraftOrderHold($id: ID!, $input: DraftOrderInput!) {
    draftOrderUpdate(id: $id, input: $input) { draftOrder { id } userErrors { field message } }
  }`,
  // The same reservation and tags again change nothing.
  retryable: true,
};

const OPEN_DRAFTS: Operation = {
  name: 'OpenDraftOrders',
  query: `query OpenDraftOrders($query: String!) {
    draftOrders(first: 50, query: $query) {
      nodes { id status createdAt tags }
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
 * completeDraftOrder stays. The draft gives up its key. `expire`: only a draft no request holds that is still a draft
 * at Shopify (open, or with nothing to pay) goes. Call inside the shop's mutex.
 */
export async function cancelDraftOrder(s: Session, draftKey: string, expire = false): Promise<DraftOrder | null> {
  const found = await find(s, draftKey);
  if (!found) return null;
  const { entry, orderId } = found;
  if (entry.state !== 'live') return current(s, entry);
  const node = await readDraft(s, entry.id);
  // Held by a request, or paid since it was found stale: it stays.
  if (expire && (isHeld(entry) || node?.status === 'COMPLETED')) return current(s, entry);
  let refunded = 0;
  if (node?.status === 'COMPLETED' && node.order) {
    await cancelOrder(s, node.order.id);
    refunded = totalOf(node);
  } else if (node) await deleteDraft(s, entry.id);
  const marked = await mark(s, orderId, entry.id, (d) => ({ ...freed(d), refunded }));
  return current(s, marked);
}

/**
 * A request holds the paid draft (see the port): one Shopify still keeps as a draft (nothing was due) keeps its units
 * reserved for HELD_RESERVATION_DAYS and is tagged so that the expiry passes it by; one Shopify made an order of holds
 * its units as that order. Call inside the shop's mutex.
 */
export async function holdDraftOrder(s: Session, draftKey: string): Promise<DraftOrder | null> {
  const found = await find(s, draftKey);
  if (!found) return null;
  const { entry, orderId } = found;
  if (entry.state !== 'live' || entry.held === true) return current(s, entry);
  const node = await readDraft(s, entry.id);
  if (!node || isOpen(node)) return current(s, entry);
  if (node.status !== 'COMPLETED') {
    const { draftOrderUpdate } = await s.request<{ draftOrderUpdate: { userErrors: UserError[] } }>(DRAFT_HOLD, {
      id: node.id,
      input: {
        reserveInventoryUntil: isoAt(Math.floor(s.nowMs() / 1000) + HELD_RESERVATION_DAYS * 86_400),
        tags: [...node.tags.filter((t) => t !== HELD_TAG), HELD_TAG],
      },
    });
    refuseOn('DraftOrderUpdate', draftOrderUpdate.userErrors);
  }
  return current(s, await mark(s, orderId, entry.id, (d) => ({ ...d, held: true })));
}

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

/**
 * The adapter's drafts no request holds that Shopify still keeps as drafts (open, or with nothing to pay), made before
 * `before` (unix seconds): the shop's part of expireOpenDraftOrders.
 */
export async function staleDrafts(s: Session, before: number): Promise<string[]> {
  type Stale = Pick<DraftNode, 'id' | 'status' | 'createdAt' | 'tags'>;
  const { draftOrders } = await s.request<{ draftOrders: { nodes: Stale[] } }>(OPEN_DRAFTS, {
    query: `tag:${TAG} AND -tag:${HELD_TAG} AND status:open AND created_at:<'${isoAt(before)}'`,
  });
  return draftOrders.nodes.flatMap((node) => {
    const orderId = node.tags.map((t) => /^rc-order-(\d+)$/.exec(t)?.[1]).find(Boolean);
    // Shopify's search may be behind: what it finds is checked again when cancelled.
    return orderId &&
      node.status !== 'COMPLETED' &&
      !node.tags.includes(HELD_TAG) &&
      Date.parse(node.createdAt) < before * 1000
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
