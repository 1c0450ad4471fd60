import { UnknownOrder, type PlatformReturn } from '../port.js';
import type { Operation, Session } from './client.js';
import { exchangeDraft, exchangeReturn, finishExchange } from './exchange-returns.js';
import { readLedger, updateLedger } from './ledger.js';
import { gid, idOf } from './mapping.js';
import {
  approve,
  cancel,
  createReturn,
  decline,
  requestReturn,
  returnNote,
  type ReturnLines,
} from './return-mutations.js';
import type { ReturnReasons } from './return-reasons.js';

/**
 * Returns in the Shopify admin, in step with the merchant's decisions made here. A submitted request is Shopify's
 * `returnRequest` (the return shows as requested); approving opens it (`returnApproveRequest`), rejecting declines it
 * (`returnDeclineRequest`). A request approved before it was registered (its first job never got through) is made
 * open at once with `returnCreate`, which Shopify documents for returns approved outside its admin. An exchange whose
 * credit pays for its new items is registered at approval only, with them as the return's exchange items
 * (exchange-returns.ts): Shopify's requested returns take none. Shopify takes back fulfilled units only: lines not
 * fulfilled are left out, and a request with none answers null. Each line says why by one of Shopify's return reason
 * definitions (return-reasons.ts). The order's ledger keeps request → return, so a retry answers the same return.
 */

const RETURNABLE: Operation = {
  name: 'ReturnableFulfillments',
  query: `query ReturnableFulfillments($id: ID!) {
    returnableFulfillments(orderId: $id, first: 5) {
      nodes {
        returnableFulfillmentLineItems(first: 50) {
          nodes { quantity fulfillmentLineItem { id lineItem { id } } }
        }
      }
    }
  }`,
  retryable: true,
};

interface Returnable {
  quantity: number;
  fulfillmentLineItem: { id: string; lineItem: { id: string } };
}

export async function registerReturn(
  s: Session,
  shopId: number,
  input: PlatformReturn,
  reasons: ReturnReasons,
): Promise<string | null> {
  const read = await readLedger(s, input.orderId);
  if (!read) throw new UnknownOrder(shopId, input.orderId);
  const request = String(input.requestId);
  const earlier = read.ledger.returns[request];
  if (earlier) {
    if (input.decision === 'approved') await approve(s, earlier);
    if (input.decision === 'approved' && input.exchangeDraftId)
      await finishExchange(s, read.order, read.ledger, input.exchangeDraftId, earlier);
    if (input.decision === 'rejected') await decline(s, earlier);
    return earlier;
  }
  // Nothing to decline: a rejected request that never showed in the admin does not show there now.
  if (input.decision === 'rejected') return null;
  const exchange = input.exchangeDraftId
    ? await exchangeDraft(s, read.ledger, input.orderId, input.exchangeDraftId)
    : null;
  if (exchange && input.decision === 'requested') return null;

  const lines = await returnLines(s, shopId, input, reasons);
  if (lines.length === 0) return null;
  if (exchange) return exchangeReturn(s, read.order, request, lines, exchange);

  const open = input.decision === 'approved';
  const made = open
    ? await createReturn(s, input.orderId, lines, returnNote(request))
    : await requestReturn(s, input.orderId, lines);
  const ledger = await updateLedger(s, input.orderId, (now) =>
    now.returns[request] ? null : { ...now, returns: { ...now.returns, [request]: made } },
  );
  const recorded = ledger.returns[request] ?? made;
  // Another instance registered this request first: ours goes, so the admin shows one.
  if (recorded !== made) await (open ? cancel : decline)(s, made);
  return recorded;
}

/** The request's units Shopify can take back (fulfilled and not returned yet), each with its reason definition. */
async function returnLines(
  s: Session,
  shopId: number,
  input: PlatformReturn,
  reasons: ReturnReasons,
): Promise<ReturnLines> {
  const { returnableFulfillments } = await s.request<{
    returnableFulfillments: { nodes: { returnableFulfillmentLineItems: { nodes: Returnable[] } }[] };
  }>(RETURNABLE, { id: gid('Order', input.orderId) });
  const available = returnableFulfillments.nodes.flatMap((f) => f.returnableFulfillmentLineItems.nodes);
  const lines: ReturnLines = [];
  for (const { lineId, quantity, reason } of input.lines) {
    let left = Math.max(0, Math.floor(quantity));
    for (const r of available.filter((a) => idOf(a.fulfillmentLineItem.lineItem.id, 'LineItem') === lineId)) {
      const take = Math.min(left, r.quantity);
      left -= take;
      if (take > 0)
        lines.push({
          fulfillmentLineItemId: r.fulfillmentLineItem.id,
          quantity: take,
          returnReasonDefinitionId: await reasons.idFor(s, shopId, reason),
        });
    }
  }
  return lines;
}
