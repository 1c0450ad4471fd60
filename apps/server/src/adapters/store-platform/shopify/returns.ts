import { UnknownOrder } from '../port.js';
import { refuseOn, type Operation, type Session, type UserError } from './client.js';
import { readLedger, updateLedger } from './ledger.js';
import { gid, idOf } from './mapping.js';

/**
 * Returns in the Shopify admin. registerReturn is "a return was requested", which is Shopify's `returnRequest` (the
 * return shows as requested); `approveReturn` (returnApproveRequest) opens it when the merchant approves. The port
 * has no approve step yet, so that call is the adapter's own. Shopify takes back fulfilled units only: lines not
 * fulfilled are left out, and a request with none answers null. The order's ledger keeps request → return, so a
 * retry answers the same return.
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

const RETURN_REQUEST: Operation = {
  name: 'ReturnRequest',
  query: `mutation ReturnRequest($input: ReturnRequestInput!) {
    returnRequest(input: $input) { return { id status } userErrors { field message code } }
  }`,
  retryable: false,
};

const RETURN_APPROVE: Operation = {
  name: 'ReturnApproveRequest',
  query: `mutation ReturnApproveRequest($input: ReturnApproveRequestInput!) {
    returnApproveRequest(input: $input) { return { id status } userErrors { field message code } }
  }`,
  retryable: true,
};

const RETURN_DECLINE: Operation = {
  name: 'ReturnDeclineRequest',
  query: `mutation ReturnDeclineRequest($input: ReturnDeclineRequestInput!) {
    returnDeclineRequest(input: $input) { return { id status } userErrors { field message code } }
  }`,
  retryable: true,
};

interface Returnable {
  quantity: number;
  fulfillmentLineItem: { id: string; lineItem: { id: string } };
}

type ReturnPayload = { return: { id: string; status: string } | null; userErrors: UserError[] };

export async function registerReturn(
  s: Session,
  shopId: number,
  input: { orderId: number; requestId: number; lines: { lineId: number; quantity: number }[] },
): Promise<string | null> {
  const read = await readLedger(s, input.orderId);
  if (!read) throw new UnknownOrder(shopId, input.orderId);
  const request = String(input.requestId);
  const earlier = read.ledger.returns[request];
  if (earlier) return earlier;

  const { returnableFulfillments } = await s.request<{
    returnableFulfillments: { nodes: { returnableFulfillmentLineItems: { nodes: Returnable[] } }[] };
  }>(RETURNABLE, { id: gid('Order', input.orderId) });
  const available = returnableFulfillments.nodes.flatMap((f) => f.returnableFulfillmentLineItems.nodes);
  const lines = input.lines.flatMap(({ lineId, quantity }) => {
    let left = Math.max(0, Math.floor(quantity));
    return available
      .filter((r) => idOf(r.fulfillmentLineItem.lineItem.id, 'LineItem') === lineId)
      .flatMap((r) => {
        const take = Math.min(left, r.quantity);
        left -= take;
        return take > 0
          ? [{ fulfillmentLineItemId: r.fulfillmentLineItem.id, quantity: take, returnReason: 'OTHER' }]
          : [];
      });
  });
  if (lines.length === 0) return null;

  const { returnRequest } = await s.request<{ returnRequest: ReturnPayload }>(RETURN_REQUEST, {
    input: { orderId: gid('Order', input.orderId), returnLineItems: lines },
  });
  refuseOn('ReturnRequest', returnRequest.userErrors);
  const made = returnRequest.return?.id;
  if (!made) throw new Error('Shopify made no return and said nothing');
  const ledger = await updateLedger(s, input.orderId, (now) =>
    now.returns[request] ? null : { ...now, returns: { ...now.returns, [request]: made } },
  );
  const recorded = ledger.returns[request] ?? made;
  // Another instance registered this request first: ours is declined, so the admin shows one.
  if (recorded !== made) await decline(s, made);
  return recorded;
}

/** Opens a requested return (the merchant approved it); one already open stays so. */
export async function approveReturn(s: Session, reference: string): Promise<void> {
  const { returnApproveRequest } = await s.request<{ returnApproveRequest: ReturnPayload }>(RETURN_APPROVE, {
    input: { id: reference },
  });
  refuseOn(
    'ReturnApproveRequest',
    returnApproveRequest.userErrors.filter((e) => !/already|status/i.test(e.message)),
  );
}

async function decline(s: Session, reference: string): Promise<void> {
  const { returnDeclineRequest } = await s.request<{ returnDeclineRequest: ReturnPayload }>(RETURN_DECLINE, {
    input: { id: reference, declineReason: 'OTHER' },
  });
  refuseOn('ReturnDeclineRequest', returnDeclineRequest.userErrors);
}
