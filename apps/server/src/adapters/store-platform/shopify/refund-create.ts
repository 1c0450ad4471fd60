import type { RefundRequest } from '../port.js';
import { ShopifyError, type Operation, type Session } from './client.js';
import type { LedgerOrder } from './ledger.js';
import { bag, decimal, gid, seconds, type MoneyBag } from './mapping.js';
import { refundLineItems } from './refund-lines.js';
import type { Keys } from './store-credit.js';

/**
 * The `refundCreate` behind a refund of ours, under `@idempotent` with a key made from our request's key, so a retry
 * after a lost answer refunds once. It carries the request's units (refund-lines.ts), which Shopify then counts as
 * refunded and restocks, and for money back a REFUND of the order's largest successful payment. Store credit is made
 * in store-credit.ts; its units still go back through a refund of no money, Shopify's way of taking units back.
 */

const REFUND_CONTEXT: Operation = {
  name: 'RefundContext',
  query: `query RefundContext($id: ID!) {
    order(id: $id) {
      transactions(first: 50) { id kind status gateway amountSet { presentmentMoney { amount currencyCode } } }
      refunds(first: 100) { id note createdAt }
    }
  }`,
  retryable: true,
};

const REFUND_CREATE: Operation = {
  name: 'RefundCreate',
  query: `mutation RefundCreate($input: RefundInput!, $key: String!) {
    refundCreate(input: $input) @idempotent(key: $key) {
      refund { id createdAt }
      userErrors { field message }
    }
  }`,
  // The key makes Shopify answer a repeat with the first refund.
  retryable: true,
};

interface Transaction {
  id: string;
  kind: string;
  status: string;
  gateway: string;
  amountSet: MoneyBag;
}

/**
 * Refunds the request's units, and its amount when `withMoney`. Answers the refund, or null when there was nothing to
 * send (no money, and no units left to refund).
 */
export async function createRefund(
  s: Session,
  keys: Keys,
  order: LedgerOrder,
  input: RefundRequest,
  withMoney: boolean,
): Promise<{ reference: string; createdAt: number } | null> {
  const note = `Return Center refund ${input.idempotencyKey}`;
  const { order: context } = await s.request<{
    order: { transactions: Transaction[]; refunds: { id: string; note: string | null; createdAt: string }[] };
  }>(REFUND_CONTEXT, { id: gid('Order', order.id) });
  // A refund our note names is one an earlier attempt made after Shopify forgot its idempotency key.
  const done = context.refunds.find((r) => r.note === note);
  if (done) return { reference: done.id, createdAt: seconds(done.createdAt) };
  const lines = await refundLineItems(s, order.id, input.lines, input.restock);
  const transactions = withMoney ? [moneyBack(order, input, context.transactions)] : [];
  if (lines.length === 0 && transactions.length === 0) return null;
  const { refundCreate } = await s.request<{
    refundCreate: { refund: { id: string; createdAt: string } | null; userErrors: { message: string }[] };
  }>(REFUND_CREATE, {
    key: keys.idempotency(order.id, input.idempotencyKey),
    input: {
      orderId: gid('Order', order.id),
      note,
      notify: false,
      ...(withMoney ? { currency: input.currency } : {}),
      refundLineItems: lines,
      transactions,
    },
  });
  const refund = refundCreate.refund;
  if (!refund)
    throw new ShopifyError(`Shopify RefundCreate refused: ${refundCreate.userErrors.map((e) => e.message).join('; ')}`);
  return { reference: refund.id, createdAt: seconds(refund.createdAt) };
}

/** The amount back to how the shopper paid: a REFUND of the order's largest successful payment. */
function moneyBack(order: LedgerOrder, input: RefundRequest, transactions: Transaction[]) {
  const paid = transactions
    .filter((t) => (t.kind === 'SALE' || t.kind === 'CAPTURE') && t.status === 'SUCCESS')
    .sort((a, b) => bag(b.amountSet, order.currency) - bag(a.amountSet, order.currency));
  const parent = paid[0];
  if (!parent) throw new ShopifyError(`Order ${order.name} has no payment to refund`);
  return {
    orderId: gid('Order', order.id),
    parentId: parent.id,
    gateway: parent.gateway,
    kind: 'REFUND',
    amount: decimal(input.amount, input.currency),
  };
}
