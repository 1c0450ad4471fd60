import { refuseOn, type Operation, type Session, type UserError } from './client.js';
import { gid } from './mapping.js';

/** The return mutations the adapter sends, each refused on its user errors (returns.ts and exchange-returns.ts). */

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

type ReturnPayload = { return: { id: string; status: string } | null; userErrors: UserError[] };

export type ReturnLines = { fulfillmentLineItemId: string; quantity: number; returnReasonDefinitionId: string }[];

/** A new item of an exchange as `ExchangeLineItemInput` has it; `discount` is the line's, in minor units. */
export interface ExchangeLine {
  variantId: string;
  quantity: number;
  discount?: { amount: string; currencyCode: string };
}

/** What the adapter writes as each line's note: finds the request's return again after a lost answer. */
export const returnNote = (requestId: string) => `Return Center request ${requestId}`;

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

export const requestReturn = async (s: Session, orderId: number, lines: ReturnLines) =>
  madeId(await mutate(s, RETURN_REQUEST, { input: { orderId: gid('Order', orderId), returnLineItems: lines } }));

/** An open return (approved outside Shopify's admin), with the exchange's new items when there are any. */
export const createReturn = async (
  s: Session,
  orderId: number,
  lines: ReturnLines,
  note: string,
  exchange: ExchangeLine[] = [],
) =>
  madeId(
    await mutate(s, RETURN_CREATE, {
      input: {
        orderId: gid('Order', orderId),
        returnLineItems: lines.map((line) => ({ ...line, returnReasonNote: note })),
        ...(exchange.length > 0
          ? {
              exchangeLineItems: exchange.map(({ variantId, quantity, discount }) => ({
                variantId,
                quantity,
                ...(discount ? { appliedDiscount: { description: 'Return credit', value: { amount: discount } } } : {}),
              })),
            }
          : {}),
      },
    }),
  );

/**
 * A decision Shopify has already taken (a retried job) is no error: only a return still requested moves, and Shopify
 * refuses the others with INVALID_STATE.
 */
const undecided = (errors: UserError[]) => errors.filter((e) => e.code !== 'INVALID_STATE');

/** Opens a requested return (the merchant approved it); one already open stays so. */
export const approve = (s: Session, reference: string) =>
  mutate(s, RETURN_APPROVE, { input: { id: reference } }, undecided);

/** Declines a requested return (the merchant rejected it); one already declined stays so. */
export const decline = (s: Session, reference: string) =>
  mutate(s, RETURN_DECLINE, { input: { id: reference, declineReason: 'OTHER' } }, undecided);

export const cancel = (s: Session, reference: string) => mutate(s, RETURN_CANCEL, { id: reference }, undecided);
