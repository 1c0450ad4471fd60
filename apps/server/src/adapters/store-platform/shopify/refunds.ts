import { present } from '@return-center/domain';
import { type RefundRecord, type RefundRequest, type SuggestedRefund, UnknownOrder } from '../port.js';
import { ShopifyError, type Operation, type Session } from './client.js';
import { readLedger, updateLedger, type LedgerOrder, type LedgerRefund } from './ledger.js';
import { bag, gid, idOf, type MoneyBag } from './mapping.js';
import { readOrder } from './orders.js';
import { createRefund } from './refund-create.js';
import { makeCredit, type Keys } from './store-credit.js';

/**
 * Refunds through Shopify. `suggestedRefund` is the authority for what units are worth; the refund itself is the amount
 * asked. Money back is one `refundCreate` with the units and the money (refund-create.ts); a discount code or gift card
 * has a code made from the key (store-credit.ts) and its units go back through a refundCreate of no money. Each refund
 * made is recorded in the order's ledger, which is what listRefunds reads.
 */

const SUGGEST: Operation = {
  name: 'SuggestRefund',
  query: `query SuggestRefund($id: ID!, $lines: [RefundLineItemInput!]) {
    order(id: $id) {
      suggestedRefund(refundLineItems: $lines, refundShipping: false, suggestFullRefund: false) {
        refundLineItems {
          lineItem { id }
          quantity
          subtotalSet { presentmentMoney { amount currencyCode } }
          totalTaxSet { presentmentMoney { amount currencyCode } }
        }
      }
    }
  }`,
  retryable: true,
};

interface SuggestedLine {
  lineItem: { id: string };
  quantity: number;
  subtotalSet: MoneyBag;
  totalTaxSet: MoneyBag;
}

/**
 * The port's suggestion from Shopify's: quantities are capped first at what the order still has to refund (Shopify
 * refuses more), lines it does not have are left out, and each line's `subtotalSet` (after its discount) and
 * `totalTaxSet` give the discount and tax shares.
 */
export async function suggestRefund(
  s: Session,
  orderId: number,
  asked: { lineId: number; quantity: number }[],
): Promise<SuggestedRefund | null> {
  const order = await readOrder(s, orderId);
  if (!order) return null;
  const lines = new Map(order.lines.map((l) => [l.id, l]));
  const wanted = new Map<number, number>();
  for (const { lineId, quantity } of asked)
    if (lines.has(lineId)) wanted.set(lineId, (wanted.get(lineId) ?? 0) + Math.max(0, Math.floor(quantity)));
  const units = new Map(
    [...wanted].map(([lineId, quantity]) => {
      const line = present(lines.get(lineId), `order line ${String(lineId)}`);
      return [lineId, Math.min(quantity, Math.max(0, line.quantity - line.refundedQuantity))];
    }),
  );
  const ask = [...units].filter(([, n]) => n > 0);
  const suggested = new Map<number, SuggestedLine>();
  if (ask.length > 0) {
    const { order: found } = await s.request<{
      order: { suggestedRefund: { refundLineItems: SuggestedLine[] } } | null;
    }>(SUGGEST, {
      id: gid('Order', orderId),
      lines: ask.map(([lineId, quantity]) => ({
        lineItemId: gid('LineItem', lineId),
        quantity,
        restockType: 'NO_RESTOCK',
      })),
    });
    for (const line of found?.suggestedRefund.refundLineItems ?? [])
      suggested.set(idOf(line.lineItem.id, 'LineItem') ?? 0, line);
  }
  const parts = [...units].map(([lineId, quantity]) => {
    const line = present(lines.get(lineId), `order line ${String(lineId)}`);
    const shopify = quantity > 0 ? suggested.get(lineId) : undefined;
    if (quantity > 0 && !shopify) throw new ShopifyError(`Shopify suggested no refund for line ${String(lineId)}`);
    const subtotal = line.price * quantity;
    const discounted = shopify ? bag(shopify.subtotalSet, order.currency) : 0;
    const tax = shopify ? bag(shopify.totalTaxSet, order.currency) : 0;
    return { lineId, quantity, subtotal, discount: subtotal - discounted, tax, total: discounted + tax };
  });
  return { currency: order.currency, lines: parts, total: parts.reduce((sum, p) => sum + p.total, 0) };
}

/** Issues the refund once per key (see the top of this file); UnknownOrder when the shop has no such order. */
export async function issueRefund(s: Session, keys: Keys, input: RefundRequest) {
  const read = await readLedger(s, input.orderId);
  if (!read) throw new UnknownOrder(input.shopId, input.orderId);
  const earlier = read.ledger.refunds.find((r) => r.key === input.idempotencyKey);
  if (earlier) return { reference: earlier.reference, code: earlier.code };
  const made = await make(s, keys, read.order, input);
  const entry: LedgerRefund = {
    key: input.idempotencyKey,
    kind: input.kind,
    amount: input.amount,
    currency: input.currency,
    ...made,
  };
  const ledger = await updateLedger(s, input.orderId, (now) =>
    now.refunds.some((r) => r.key === entry.key) ? null : { ...now, refunds: [...now.refunds, entry] },
  );
  const recorded = present(
    ledger.refunds.find((r) => r.key === entry.key),
    `refund ${entry.key}`,
  );
  return { reference: recorded.reference, code: recorded.code };
}

async function make(s: Session, keys: Keys, order: LedgerOrder, input: RefundRequest) {
  if (input.amount <= 0 || !Number.isSafeInteger(input.amount))
    throw new RangeError('A refund is a whole number of minor units, more than 0');
  if (input.kind === 'original') {
    if (input.currency !== order.currency)
      throw new ShopifyError(`Order ${order.name} was paid in ${order.currency}, not ${input.currency}`);
    const refund = present(await createRefund(s, keys, order, input, true), 'a refund of money');
    return { ...refund, code: '' };
  }
  // Shopify issues gift cards and discount codes in the shop's currency only.
  if (input.currency !== order.shopCurrency)
    throw new ShopifyError(
      `Shopify issues store credit in the shop's currency (${order.shopCurrency}), not ${input.currency}`,
    );
  const credit = await makeCredit(s, keys, order, input);
  await createRefund(s, keys, order, input, false);
  return credit;
}

/** The refunds this adapter made for the shop's order, oldest first; none for an order the shop does not have. */
export async function listRefunds(s: Session, orderId: number): Promise<RefundRecord[]> {
  const read = await readLedger(s, orderId);
  return (read?.ledger.refunds ?? []).map((r) => ({
    reference: r.reference,
    kind: r.kind,
    amount: r.amount,
    currency: r.currency,
    code: r.code,
    createdAt: r.createdAt,
  }));
}
