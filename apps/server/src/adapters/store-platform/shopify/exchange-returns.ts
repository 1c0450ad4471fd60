import { allocate } from '@return-center/domain';
import { refuseOn, ShopifyError, type Operation, type Session, type UserError } from './client.js';
import { deleteDraft } from './draft-cancel.js';
import { parseDraftKey, readDraft, totalOf, type DraftNode } from './draft-view.js';
import { updateLedger, type Ledger, type LedgerDraft, type LedgerOrder } from './ledger.js';
import { bag, decimal, gid, type MoneyBag } from './mapping.js';
import { cancel, createReturn, returnNote, type ExchangeLine, type ReturnLines } from './return-mutations.js';

/**
 * An exchange as the return's own exchange items (ADR 048). A draft the return's credit paid in full becomes, at
 * approval, a `returnCreate` with `exchangeLineItems`, at once confirmed with the returned units by `returnProcess`
 * (which makes the new items' fulfilment order), so the order's balance moves by what the swap is worth: nothing for
 * an even swap, the credit left over (owed to the shopper, paid by the merchant's refund) for a cheaper one. The draft
 * that held the units until then is deleted and marked completed into the order. Neither mutation is idempotent at
 * Shopify: the order's ledger records the return before anything else is done, a return made before an answer was
 * lost is found again by its lines' note, and processing confirms only what is left to confirm.
 */

const CALCULATE: Operation = {
  name: 'ReturnCalculate',
  query: `query ReturnCalculate($input: CalculateReturnInput!) {
    returnCalculate(input: $input) {
      returnLineItems { subtotalSet { presentmentMoney { amount currencyCode } } totalTaxSet { presentmentMoney { amount currencyCode } } }
      exchangeLineItems {
        variant { id }
        subtotalSet { presentmentMoney { amount currencyCode } }
        totalTaxSet { presentmentMoney { amount currencyCode } }
      }
    }
  }`,
  retryable: true,
};

const ORDER_RETURNS: Operation = {
  name: 'OrderReturns',
  query: `query OrderReturns($id: ID!) {
    order(id: $id) {
      returns(first: 10, reverse: true) {
        nodes {
          id status
          returnLineItems(first: 1) { nodes { returnReasonNote } }
          exchangeLineItems(first: 1) { nodes { id } }
        }
      }
    }
  }`,
  retryable: true,
};

const TO_PROCESS: Operation = {
  name: 'ReturnToProcess',
  query: `query ReturnToProcess($id: ID!) {
    return(id: $id) {
      returnLineItems(first: 20) { nodes { id processableQuantity } }
      exchangeLineItems(first: 20) { nodes { id processableQuantity } }
    }
  }`,
  retryable: true,
};

const PROCESS: Operation = {
  name: 'ReturnProcess',
  query: `mutation ReturnProcess($input: ReturnProcessInput!) {
    returnProcess(input: $input) { return { id status } userErrors { field message code } }
  }`,
  // Not idempotent at Shopify: an attempt after a lost answer reads what is left to process first.
  retryable: false,
};

/** The request's exchange draft and Shopify's draft of it. */
export interface ExchangeDraft {
  entry: LedgerDraft;
  node: DraftNode;
}

/**
 * The exchange draft that can become the return's exchange items: the order's, still a draft at Shopify (not paid at
 * a checkout, which made an order of it) and with nothing due. Null for any other.
 */
export async function exchangeDraft(
  s: Session,
  ledger: Ledger,
  orderId: number,
  draftKey: string,
): Promise<ExchangeDraft | null> {
  const key = parseDraftKey(draftKey);
  const entry = key?.orderId === orderId ? ledger.drafts.find((d) => d.id === key.draftId) : undefined;
  if (entry?.state !== 'live' || entry.returnId) return null;
  const node = await readDraft(s, entry.id);
  return node && node.status !== 'COMPLETED' && totalOf(node) === 0 ? { entry, node } : null;
}

/** Makes the request's return with the draft's items as its exchange items and finishes the exchange (see above). */
export async function exchangeReturn(
  s: Session,
  order: LedgerOrder,
  request: string,
  lines: ReturnLines,
  draft: ExchangeDraft,
): Promise<string> {
  const note = returnNote(request);
  const found = await madeBefore(s, order.id, note);
  const made = found?.id ?? (await createReturn(s, order.id, lines, note, await priced(s, order, lines, draft.node)));
  // A return found without new items was made as a plain one: the draft stays the exchange's order.
  const withItems = found ? found.exchange : true;
  const ledger = await updateLedger(s, order.id, (now) =>
    now.returns[request]
      ? null
      : {
          ...now,
          returns: { ...now.returns, [request]: made },
          drafts: now.drafts.map((d) => (d.id === draft.entry.id && withItems ? { ...d, returnId: made } : d)),
        },
  );
  const recorded = ledger.returns[request] ?? made;
  // Another instance registered this request first: ours goes, so the admin shows one.
  if (recorded !== made) await cancel(s, made);
  else if (withItems) await finish(s, order, draft.entry.id, made);
  return recorded;
}

/** Finishes an exchange whose return is made but whose processing or draft a lost answer left undone. */
export async function finishExchange(s: Session, order: LedgerOrder, ledger: Ledger, draftKey: string, made: string) {
  const key = parseDraftKey(draftKey);
  const entry = ledger.drafts.find((d) => d.id === key?.draftId && d.returnId === made);
  if (entry?.state === 'live') await finish(s, order, entry.id, made);
}

async function finish(s: Session, order: LedgerOrder, draftId: number, made: string): Promise<void> {
  await processReturn(s, made);
  // Processing took the new items' units; the draft's reservation of them goes.
  await deleteDraft(s, draftId);
  await updateLedger(s, order.id, (now) => {
    const entry = now.drafts.find((d) => d.id === draftId);
    if (entry?.state !== 'live') return null;
    const completed: LedgerDraft = { ...entry, state: 'completed', orderId: order.id, orderName: order.name };
    return { ...now, drafts: now.drafts.map((d) => (d === entry ? completed : d)) };
  });
}

/**
 * The draft's items as exchange items, priced by Shopify (`returnCalculate`). Costing no more than the returned units
 * are worth, they go as they are: the rest is owed to the shopper. Costing more (an even swap by our rules, ADR 016, or
 * bonus credit), they are discounted down to what the return is worth, so the swap is even at Shopify too; the
 * discount comes off before tax, in the proportion tax adds to them. Discounted items go one unit per line: Shopify
 * does not say whether a fixed amount is per unit or per line, and for one unit both readings agree.
 */
async function priced(s: Session, order: LedgerOrder, lines: ReturnLines, node: DraftNode): Promise<ExchangeLine[]> {
  const items = node.lineItems.nodes.flatMap((l) =>
    l.variant ? [{ variantId: l.variant.id, quantity: l.quantity }] : [],
  );
  type Priced = { subtotalSet: MoneyBag; totalTaxSet: MoneyBag };
  const { returnCalculate } = await s.request<{
    returnCalculate: {
      returnLineItems: Priced[];
      exchangeLineItems: (Priced & { variant: { id: string } | null })[];
    } | null;
  }>(CALCULATE, {
    input: {
      orderId: gid('Order', order.id),
      returnLineItems: lines.map(({ fulfillmentLineItemId, quantity }) => ({ fulfillmentLineItemId, quantity })),
      exchangeLineItems: items,
    },
  });
  if (!returnCalculate) throw new ShopifyError('Shopify calculated no return');
  const c = order.currency;
  const worth = (p: Priced) => bag(p.subtotalSet, c) + bag(p.totalTaxSet, c);
  const returned = returnCalculate.returnLineItems.reduce((sum, p) => sum + worth(p), 0);
  const subtotals = items.map((item) => {
    const found = returnCalculate.exchangeLineItems.find((p) => p.variant?.id === item.variantId);
    if (!found) throw new ShopifyError(`Shopify priced no exchange item ${item.variantId}`);
    return { subtotal: bag(found.subtotalSet, c), worth: worth(found) };
  });
  const subtotal = subtotals.reduce((sum, p) => sum + p.subtotal, 0);
  const added = subtotals.reduce((sum, p) => sum + p.worth, 0);
  if (added <= returned) return items;
  const discount = Math.min(subtotal, Math.round((subtotal * (added - returned)) / added));
  const units = items.flatMap((item, i) =>
    allocate(subtotals[i]?.subtotal ?? 0, Array<number>(item.quantity).fill(1)).map((value) => ({ ...item, value })),
  );
  const parts = allocate(
    discount,
    units.map((u) => u.value),
  );
  return units.map((unit, i) => {
    const off = parts[i] ?? 0;
    return {
      variantId: unit.variantId,
      quantity: 1,
      ...(off > 0 ? { discount: { amount: decimal(off, c), currencyCode: c } } : {}),
    };
  });
}

/** A return this adapter made for the request before (its lines carry the note), and whether it has new items. */
async function madeBefore(s: Session, orderId: number, note: string) {
  const { order } = await s.request<{
    order: {
      returns: {
        nodes: {
          id: string;
          status: string;
          returnLineItems: { nodes: { returnReasonNote: string }[] };
          exchangeLineItems: { nodes: { id: string }[] };
        }[];
      };
    } | null;
  }>(ORDER_RETURNS, { id: gid('Order', orderId) });
  const found = order?.returns.nodes.find(
    (r) => r.status === 'OPEN' && r.returnLineItems.nodes.some((l) => l.returnReasonNote === note),
  );
  return found ? { id: found.id, exchange: found.exchangeLineItems.nodes.length > 0 } : null;
}

/** Confirms what is left to confirm of the return's lines, both kinds; nothing when all of it was. */
async function processReturn(s: Session, returnId: string): Promise<void> {
  type Lines = { nodes: { id: string; processableQuantity: number }[] };
  const { return: found } = await s.request<{ return: { returnLineItems: Lines; exchangeLineItems: Lines } | null }>(
    TO_PROCESS,
    { id: returnId },
  );
  if (!found) throw new ShopifyError(`Shopify has no return ${returnId} to process`);
  const left = (lines: Lines) =>
    lines.nodes.filter((l) => l.processableQuantity > 0).map((l) => ({ id: l.id, quantity: l.processableQuantity }));
  const returnLineItems = left(found.returnLineItems);
  const exchangeLineItems = left(found.exchangeLineItems);
  if (returnLineItems.length + exchangeLineItems.length === 0) return;
  const { returnProcess } = await s.request<{ returnProcess: { userErrors: UserError[] } }>(PROCESS, {
    input: { returnId, returnLineItems, exchangeLineItems, notifyCustomer: false },
  });
  refuseOn('ReturnProcess', returnProcess.userErrors);
}
