import type { DraftOrder, RefundKind } from '../port.js';
import { ShopifyError, ShopifyUserError, type Operation, type Session, type UserError } from './client.js';
import { gid, idFrom, isShopifyId } from './mapping.js';

/**
 * What this adapter did to an order, kept on the order itself in a JSON metafield (`return_center.ledger`): the
 * refunds it issued (a discount code or a gift card is tied to no order in Shopify), the exchange drafts made from it
 * (Shopify has no cancelled draft, and a key must find its draft at once, which Shopify's search index does not
 * promise) and the returns registered for our requests. Read by the order's id, it is as fresh as the order; written
 * with `compareDigest`, so two writers never lose each other's entries.
 */

export interface LedgerRefund {
  key: string;
  kind: RefundKind;
  reference: string;
  amount: number;
  currency: string;
  code: string;
  createdAt: number;
}

export interface LedgerDraft {
  /** The idempotency key, or `freed:<id>` once the draft gave it up (expired or replaced). */
  key: string;
  group: string;
  /** Shopify's id of the draft. */
  id: number;
  /**
   * live: as Shopify has it; completed: completeDraftOrder made its order ours, or its items went onto the request's
   * return (the draft deleted then); cancelled: deleted or cancelled.
   */
  state: 'live' | 'completed' | 'cancelled';
  /**
   * Whether a request holds it (holdDraftOrder): then it neither expires nor gives way to its group's next draft. Drafts
   * recorded before #30 have no flag, and count as held (see isHeld).
   */
  held?: boolean;
  refunded: number;
  /** The return whose exchange items the draft's became (ADR 048); the draft is completed into that return's order. */
  returnId?: string;
  orderId: number | null;
  orderName: string;
  /** The draft as made: what it answers once Shopify no longer has it. */
  view: DraftOrder;
}

export interface Ledger {
  refunds: LedgerRefund[];
  drafts: LedgerDraft[];
  /** Our request id → the Shopify return registered for it. */
  returns: Record<string, string>;
}

export interface LedgerOrder {
  id: number;
  name: string;
  /** The shop's currency (gift cards and discount codes are in it) and the shopper's. */
  shopCurrency: string;
  currency: string;
  customerId: string | null;
}

const NAMESPACE = 'return_center';
const KEY = 'ledger';
/** Compare-and-set rounds before giving up: each lost round means another writer got in first. */
const ROUNDS = 5;

const READ: Operation = {
  name: 'OrderLedger',
  query: `query OrderLedger($id: ID!) {
    order(id: $id) {
      id name currencyCode presentmentCurrencyCode customer { id }
      metafield(namespace: "${NAMESPACE}", key: "${KEY}") { value compareDigest }
    }
  }`,
  retryable: true,
};

const WRITE: Operation = {
  name: 'OrderLedgerWrite',
  query: `mutation OrderLedgerWrite($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) { metafields { compareDigest } userErrors { field message code } }
  }`,
  // A lost answer to an applied write makes the next round stale, and that round finds the entry written.
  retryable: true,
};

interface LedgerNode {
  id: string;
  name: string;
  currencyCode: string;
  presentmentCurrencyCode: string;
  customer: { id: string } | null;
  metafield: { value: string; compareDigest: string } | null;
}

/** Whether a request holds the draft; one recorded before the flag existed may be held, and counts so. */
export const isHeld = (entry: LedgerDraft) => entry.held !== false;

const empty = (): Ledger => ({ refunds: [], drafts: [], returns: {} });

/** The order (null when the shop has none of that id) and its ledger. */
export async function readLedger(
  s: Session,
  orderId: number,
): Promise<{ order: LedgerOrder; ledger: Ledger; digest: string | null } | null> {
  if (!isShopifyId(orderId)) return null;
  const { order } = await s.request<{ order: LedgerNode | null }>(READ, { id: gid('Order', orderId) });
  if (!order) return null;
  return {
    order: {
      id: idFrom(order.id, 'Order'),
      name: order.name,
      shopCurrency: order.currencyCode,
      currency: order.presentmentCurrencyCode,
      customerId: order.customer?.id ?? null,
    },
    ledger: order.metafield ? parse(order.metafield.value) : empty(),
    digest: order.metafield?.compareDigest ?? null,
  };
}

/**
 * Applies `change` to the order's ledger and writes it, again from a fresh read when another writer got in first.
 * `change` answers null when there is nothing to write (what it wanted is already there). Answers the ledger as
 * written (or found).
 */
export async function updateLedger(
  s: Session,
  orderId: number,
  change: (ledger: Ledger) => Ledger | null,
): Promise<Ledger> {
  for (let round = 1; ; round++) {
    const read = await readLedger(s, orderId);
    if (!read) throw new ShopifyError(`Shopify has no order ${String(orderId)} to record on`);
    const next = change(read.ledger);
    if (!next) return read.ledger;
    const { metafieldsSet } = await s.request<{ metafieldsSet: { userErrors: UserError[] } }>(WRITE, {
      metafields: [
        {
          ownerId: gid('Order', orderId),
          namespace: NAMESPACE,
          key: KEY,
          type: 'json',
          value: JSON.stringify(next),
          compareDigest: read.digest,
        },
      ],
    });
    const errors = metafieldsSet.userErrors;
    if (errors.length === 0) return next;
    if (!errors.every(isStale) || round >= ROUNDS) throw new ShopifyUserError('OrderLedgerWrite', errors);
  }
}

const isStale = (e: UserError) => e.code === 'STALE_OBJECT';

function parse(value: string): Ledger {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new ShopifyError(`The order's ${NAMESPACE}.${KEY} metafield is not JSON`);
  }
  const ledger = json && typeof json === 'object' ? (json as Partial<Ledger>) : {};
  return {
    refunds: Array.isArray(ledger.refunds) ? ledger.refunds : [],
    drafts: Array.isArray(ledger.drafts) ? ledger.drafts : [],
    returns: ledger.returns && typeof ledger.returns === 'object' ? ledger.returns : {},
  };
}
