import type { DraftOrderInput } from '../port.js';
import type { Session } from './client.js';
import { cancelOrder, deleteDraft, freed } from './draft-cancel.js';
import { isOpen, readDraft, totalOf, type DraftNode } from './draft-view.js';
import { isHeld, updateLedger, type Ledger, type LedgerDraft } from './ledger.js';

/**
 * The drafts of one group (an exchange's order) that no request holds: a new draft replaces them, and one whose hold
 * ran out gives way to a new draft of its own key.
 */

/** Whether the draft still holds its units by a reservation (a completed one's are its order's). */
export const reserves = (node: DraftNode, now: number) =>
  node.status !== 'COMPLETED' &&
  node.reserveInventoryUntil !== null &&
  Date.parse(node.reserveInventoryUntil) > now * 1000;

/** The draft behind a ledger entry when it had nothing due and its reservation ran out with no request holding it. */
export async function lapsedHold(s: Session, entry: LedgerDraft): Promise<DraftNode | null> {
  if (entry.state !== 'live' || isHeld(entry)) return null;
  const node = await readDraft(s, entry.id);
  const now = Math.floor(s.nowMs() / 1000);
  return node && node.status !== 'COMPLETED' && !isOpen(node) && !reserves(node, now) ? node : null;
}

/** The group's other drafts that no request holds and Shopify still has, open or paid. */
export async function othersInGroup(s: Session, input: DraftOrderInput, ledger: Ledger) {
  if (input.group === '') return [];
  const others: { entry: LedgerDraft; node: DraftNode }[] = [];
  for (const entry of ledger.drafts)
    if (entry.group === input.group && entry.key !== input.idempotencyKey && entry.state === 'live' && !isHeld(entry)) {
      const node = await readDraft(s, entry.id);
      if (node) others.push({ entry, node });
    }
  return others;
}

/**
 * Cancels the drafts a new one of their group replaces: an open one is deleted (units back, invoice dead); one the
 * shopper paid, which Shopify made an order of, has that order cancelled with its money refunded. Their keys go free.
 */
export async function replace(s: Session, orderId: number, replaced: { entry: LedgerDraft; node: DraftNode }[]) {
  if (replaced.length === 0) return;
  const refunds = new Map<number, number>();
  for (const { entry, node } of replaced) {
    if (node.status === 'COMPLETED' && node.order) {
      await cancelOrder(s, node.order.id);
      refunds.set(entry.id, totalOf(node));
    } else await deleteDraft(s, entry.id);
  }
  await updateLedger(s, orderId, (now) => ({
    ...now,
    drafts: now.drafts.map((d) =>
      refunds.has(d.id) || replaced.some((r) => r.entry.id === d.id)
        ? { ...freed(d), refunded: refunds.get(d.id) ?? 0 }
        : d,
    ),
  }));
}
