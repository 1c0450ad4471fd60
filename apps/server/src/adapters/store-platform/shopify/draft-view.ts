import { createHash } from 'node:crypto';
import type { DraftOrder } from '../port.js';
import type { Operation, Session } from './client.js';
import type { LedgerDraft } from './ledger.js';
import { bag, gid, idOf, type MoneyBag } from './mapping.js';

/**
 * Exchange drafts as the port sees them. Shopify's draft statuses are OPEN, INVOICE_SENT and COMPLETED; paying the
 * invoice completes the draft into an order at once. So for the port:
 * - open: an OPEN (or INVOICE_SENT) draft with something to pay, its checkout URL the invoice URL;
 * - paid: COMPLETED (the shopper paid at Shopify's checkout), or an OPEN draft with nothing to pay;
 * - cancelled: a draft this adapter deleted (or refunded and cancelled the order of), kept in the order's ledger since
 *   Shopify keeps no cancelled drafts; a draft deleted in the Shopify admin reads as cancelled too.
 * `orderId` is set once completeDraftOrder made the order ours (the exchange was approved), even when Shopify made the
 * order earlier at checkout: until then a cancel refunds and cancels that order. A draft with nothing due whose items
 * became the request's return's exchange items (exchange-returns.ts) is gone at Shopify and answers that order.
 * The port's draft id is `<draft>-<order it comes from>`, so a draft Shopify no longer has is still found in the
 * ledger of its order.
 */

/** An exchange draft holds a few lines: 20 keep a draft near 110 points of query cost. */
export const DRAFT_FIELDS = `
  id status invoiceUrl createdAt reserveInventoryUntil presentmentCurrencyCode tags
  totalPriceSet { presentmentMoney { amount currencyCode } }
  order { id name }
  lineItems(first: 20) {
    nodes {
      title variantTitle quantity
      originalUnitPriceSet { presentmentMoney { amount currencyCode } }
      variant { id }
      product { id }
    }
  }`;

export interface DraftNode {
  id: string;
  status: 'OPEN' | 'INVOICE_SENT' | 'COMPLETED';
  invoiceUrl: string | null;
  createdAt: string;
  reserveInventoryUntil: string | null;
  presentmentCurrencyCode: string;
  tags: string[];
  totalPriceSet: MoneyBag;
  order: { id: string; name: string } | null;
  lineItems: {
    nodes: {
      title: string;
      variantTitle: string | null;
      quantity: number;
      originalUnitPriceSet: MoneyBag;
      variant: { id: string } | null;
      product: { id: string } | null;
    }[];
  };
}

const DRAFT: Operation = {
  name: 'DraftOrder',
  query: `query DraftOrder($id: ID!) { draftOrder(id: $id) { ${DRAFT_FIELDS} } }`,
  retryable: true,
};

export async function readDraft(s: Session, draftId: number): Promise<DraftNode | null> {
  return (await s.request<{ draftOrder: DraftNode | null }>(DRAFT, { id: gid('DraftOrder', draftId) })).draftOrder;
}

export const draftKey = (draftId: number, orderId: number) => `${String(draftId)}-${String(orderId)}`;

export function parseDraftKey(key: string): { draftId: number; orderId: number } | null {
  const match = /^([1-9]\d{0,15})-([1-9]\d{0,15})$/.exec(key);
  if (!match) return null;
  const [draftId, orderId] = [Number(match[1]), Number(match[2])];
  return Number.isSafeInteger(draftId) && Number.isSafeInteger(orderId) ? { draftId, orderId } : null;
}

/** Tags that find an adapter's drafts: all of them, the order they come from, and one idempotency key. */
export const TAG = 'return-center';
export const orderTag = (orderId: number) => `rc-order-${String(orderId)}`;
export const keyTag = (key: string) => `rc-key-${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

/** What a draft's status and total need. */
type Standing = Pick<DraftNode, 'status' | 'totalPriceSet' | 'presentmentCurrencyCode'>;
export const totalOf = (node: Standing) => bag(node.totalPriceSet, node.presentmentCurrencyCode);
/** Open for the port: Shopify has not completed it and something is due. */
export const isOpen = (node: Standing) => node.status !== 'COMPLETED' && totalOf(node) > 0;

/** The port's view of a draft made from `orderId`, by Shopify's draft and the credit we asked it to take off. */
export function toView(node: DraftNode, orderId: number, credit: number): DraftOrder {
  const currency = node.presentmentCurrencyCode;
  const lines = node.lineItems.nodes.map((line) => ({
    variantId: idOf(line.variant?.id, 'ProductVariant') ?? 0,
    productId: idOf(line.product?.id, 'Product') ?? 0,
    title: line.title,
    variantTitle: line.variantTitle ?? '',
    price: bag(line.originalUnitPriceSet, currency),
    quantity: line.quantity,
  }));
  const total = totalOf(node);
  const open = isOpen(node);
  return {
    id: draftKey(idOf(node.id, 'DraftOrder') ?? 0, orderId),
    fromOrderId: orderId,
    lines,
    subtotal: lines.reduce((sum, l) => sum + l.price * l.quantity, 0),
    credit,
    checkoutUrl: open ? (node.invoiceUrl ?? '') : '',
    total,
    currency,
    status: open ? 'open' : 'paid',
    orderId: null,
    orderName: '',
    refunded: 0,
  };
}

/** The draft as it is now: Shopify's (when it has it) with what the ledger adds. */
export async function current(s: Session, entry: LedgerDraft): Promise<DraftOrder> {
  if (entry.state === 'cancelled') return cancelledView(entry);
  const node = await readDraft(s, entry.id);
  // Its items went onto the request's return, and the draft was deleted (ADR 048).
  if (!node && entry.state === 'completed')
    return { ...entry.view, status: 'paid', checkoutUrl: '', orderId: entry.orderId, orderName: entry.orderName };
  if (!node) return cancelledView(entry);
  const view = toView(node, entry.view.fromOrderId, entry.view.credit);
  return entry.state === 'completed' ? { ...view, orderId: entry.orderId, orderName: entry.orderName } : view;
}

const cancelledView = (entry: LedgerDraft): DraftOrder => ({
  ...entry.view,
  status: 'cancelled',
  checkoutUrl: '',
  orderId: null,
  orderName: '',
  refunded: entry.refunded,
});
