import { UnknownOrder, type PlatformReturn } from '../port.js';
import { refuseOn, type Operation, type Session, type UserError } from './client.js';
import { readLedger, updateLedger } from './ledger.js';
import { gid, idOf } from './mapping.js';
import type { ReturnReasons } from './return-reasons.js';

/**
 * Returns in the Shopify admin, in step with the merchant's decisions made here. A submitted request is Shopify's
 * `returnRequest` (the return shows as requested); approving opens it (`returnApproveRequest`), rejecting declines it
 * (`returnDeclineRequest`). A request approved before it was registered (its first job never got through) is made
 * open at once with `returnCreate`, which Shopify documents for returns approved outside its admin. Shopify takes back
 * fulfilled units only: lines not fulfilled are left out, and a request with none answers null. Each line says why by
 * one of Shopify's return reason definitions (return-reasons.ts). The order's ledger keeps request → return, so a
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

const RETURN_CREATE: Operation = {
  name: 'ReturnCreate',
  query: `mutation ReturnCreate($input: ReturnInput!) {
    returnCreate(returnInput: $input) { return { id status } userErrors { field message code } }
  }`,
  retryable: false,
};

const RETURN_CANCEL: Operation = {
  name: 'ReturnCancel',
  query: `mutation ReturnCancel($id: ID!) {
    returnCancel(id: $id) { return { id status } userErrors { field message code } }
  }`,
  retryable: true,
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
  input: PlatformReturn,
  reasons: ReturnReasons,
): Promise<string | null> {
  const read = await readLedger(s, input.orderId);
  if (!read) throw new UnknownOrder(shopId, input.orderId);
  const request = String(input.requestId);
  const earlier = read.ledger.returns[request];
  if (earlier) {
    if (input.decision === 'approved') await approve(s, earlier);
    if (input.decision === 'rejected') await decline(s, earlier);
    return earlier;
  }
  // Nothing to decline: a rejected request that never showed in the admin does not show there now.
  if (input.decision === 'rejected') return null;

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
  if (lines.length === 0) return null;

  const open = input.decision === 'approved';
  const made = open
    ? await create(s, input.orderId, lines, `Return Center request ${request}`)
    : await requestReturn(s, input.orderId, lines);
  const ledger = await updateLedger(s, input.orderId, (now) =>
    now.returns[request] ? null : { ...now, returns: { ...now.returns, [request]: made } },
  );
  const recorded = ledger.returns[request] ?? made;
  // Another instance registered this request first: ours goes, so the admin shows one.
  if (recorded !== made) await (open ? cancel : decline)(s, made);
  return recorded;
}

type ReturnLines = { fulfillmentLineItemId: string; quantity: number; returnReasonDefinitionId: string }[];

/**
 * One of the return mutations (its root field is the operation's name, lower-cased first); refused on its user
 * errors, except those `tolerate` keeps back.
 */
async function mutate(
  s: Session,
  operation: Operation,
  variables: Record<string, unknown>,
  tolerate = (errors: UserError[]) => errors,
): Promise<ReturnPayload> {
  const root = operation.name.charAt(0).toLowerCase() + operation.name.slice(1);
  const payload = (await s.request<Record<string, ReturnPayload>>(operation, variables))[root];
  if (!payload) throw new Error(`Shopify answered no ${root}`);
  refuseOn(operation.name, tolerate(payload.userErrors));
  return payload;
}

function madeId(payload: ReturnPayload): string {
  const made = payload.return?.id;
  if (!made) throw new Error('Shopify made no return and said nothing');
  return made;
}

const requestReturn = async (s: Session, orderId: number, lines: ReturnLines) =>
  madeId(await mutate(s, RETURN_REQUEST, { input: { orderId: gid('Order', orderId), returnLineItems: lines } }));

const create = async (s: Session, orderId: number, lines: ReturnLines, note: string) =>
  madeId(
    await mutate(s, RETURN_CREATE, {
      input: {
        orderId: gid('Order', orderId),
        returnLineItems: lines.map((line) => ({ ...line, returnReasonNote: note })),
      },
    }),
  );

/**
 * A decision Shopify has already taken (a retried job) is no error: only a return still requested moves, and Shopify
 * refuses the others with INVALID_STATE.
 */
const undecided = (errors: UserError[]) => errors.filter((e) => e.code !== 'INVALID_STATE');

/** Opens a requested return (the merchant approved it); one already open stays so. */
const approve = (s: Session, reference: string) => mutate(s, RETURN_APPROVE, { input: { id: reference } }, undecided);

/** Declines a requested return (the merchant rejected it); one already declined stays so. */
const decline = (s: Session, reference: string) =>
  mutate(s, RETURN_DECLINE, { input: { id: reference, declineReason: 'OTHER' } }, undecided);

const cancel = (s: Session, reference: string) => mutate(s, RETURN_CANCEL, { id: reference }, undecided);
