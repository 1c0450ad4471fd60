import { z } from 'zod';
import { id, int, orderNumber } from './envelope.js';
import type { MerchantRoute } from './merchant-route.js';
import {
  merchantWithdrawal,
  withdrawalItem,
  withdrawalListQuery,
  withdrawalDeclaration,
  WITHDRAWAL_REFUND_DAYS,
} from './withdrawal.js';

/**
 * Withdrawal declarations at the desk (ADR 046): the list, and linking a declaration that made no request (its order
 * not found, another email, or an order with an open request) to the order's open request or to a new withdrawal
 * request of the order. The declaration itself never changes; the link is stored beside it.
 */

/** What staff see of an order before linking a declaration to it; the server decides every field. */
export const withdrawalOrder = z.object({
  order_id: int,
  order_name: z.string(),
  customer_email: z.string(),
  /** Whether the order's email is the one the consumer gave. */
  email_matches: z.boolean(),
  /** Its items still held (not refunded), as step 1 lists them. */
  items: z.array(withdrawalItem),
  /** Whether the declaration came within the shop's period for this order (counted from its delivery). */
  within_period: z.boolean(),
  /** The order's open request, which the declaration can be linked to; null when a withdrawal request can be made. */
  open_request: z.object({ id: int, status: int }).nullable(),
});
export type WithdrawalOrder = z.infer<typeof withdrawalOrder>;

export const withdrawalOrderQuery = z.object({ order_number: orderNumber });

export const linkWithdrawalToRequestBody = z.object({ request_id: id });

/** The items withdrawn, when the declaration named some items in words: staff pick them on the order. */
export const linkWithdrawalToOrderBody = z.object({
  order_number: orderNumber,
  items: withdrawalDeclaration.shape.items,
});
export type LinkWithdrawalToOrderBody = z.input<typeof linkWithdrawalToOrderBody>;

/** The merchant API's withdrawals (merged into merchantRoutes): every declaration, newest first, and linking. */
export const withdrawalRoutes = {
  listWithdrawals: {
    method: 'GET',
    path: '/withdrawals',
    summary:
      "The shop's withdrawal declarations (EU), newest first: each as submitted, with its refund deadline and the request it became or was linked to; `request=none` lists those without one",
    query: withdrawalListQuery,
    answer: z.object({ items: z.array(merchantWithdrawal), next_cursor: int.nullable() }),
  },
  withdrawalOrder: {
    method: 'GET',
    path: '/withdrawals/{id}/order',
    summary:
      'An order a declaration without a request may be linked to: its items, its email, whether the declaration came within the period, and its open request',
    id,
    query: withdrawalOrderQuery,
    answer: withdrawalOrder,
    refusals: [404, 422],
  },
  linkWithdrawalToRequest: {
    method: 'POST',
    path: '/withdrawals/{id}/link-request',
    summary: `Link a declaration without a request to an open request of its order: the request is marked a withdrawal, its refund due ${String(WITHDRAWAL_REFUND_DAYS)} days from the declaration, and its timeline says who linked it. 409 when the declaration already has a request or the request is closed; 422 for another shop's request or a declaration after the period`,
    id,
    body: linkWithdrawalToRequestBody,
    answer: merchantWithdrawal,
    refusals: [404, 409, 422],
  },
  linkWithdrawalToOrder: {
    method: 'POST',
    path: '/withdrawals/{id}/link-order',
    summary:
      'Make the withdrawal request of an order for a declaration without a request, as a matched declaration does (the whole order, or the items given); its timeline says who linked it. 409 when the declaration already has a request or the order has an open one; 422 for an order not found, no items, or a declaration after the period',
    id,
    body: linkWithdrawalToOrderBody,
    answer: merchantWithdrawal,
    refusals: [404, 409, 422],
  },
} satisfies Record<string, MerchantRoute>;
