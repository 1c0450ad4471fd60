import {
  deskCreateBody,
  deskEditBody,
  deskOrder,
  deskOrderQuery,
  deskOrderRef,
  deskQuote,
  deskQuoteBody,
} from './desk-returns.js';
import { merchantRequest } from './merchant-requests.js';
import type { MerchantRoute } from './merchant-route.js';

const refusals = (...statuses: (404 | 409 | 422)[]) => statuses;

/** The desk's merchant routes (merchantRoutes): a return made for a shopper answers the request as the review does. */
export const deskRoutes = {
  deskOrder: {
    method: 'GET' as const,
    path: '/orders/{id}/returnable',
    summary:
      "What an order allows for a return made for its shopper (by order number such as 1001, or id; with `email`, only if it is the order's): its lines, returnable or not and why, the reasons, solutions and methods",
    id: deskOrderRef,
    query: deskOrderQuery,
    answer: deskOrder,
    refusals: refusals(404),
  },
  deskQuote: {
    method: 'POST' as const,
    path: '/requests/quote',
    summary:
      "The money of a return being made for a shopper, under the same rules as the portal's; nothing is stored. Refused items answer 422",
    body: deskQuoteBody,
    answer: deskQuote,
    refusals: refusals(404, 409, 422),
  },
  deskCreate: {
    method: 'POST' as const,
    path: '/requests',
    summary:
      "Create a return for a shopper who phoned or wrote in, through the portal's rules (refund or store credit, a label or their own shipping); the shopper gets the usual emails. Refused items answer 422, an order with an open request 409",
    body: deskCreateBody,
    answer: merchantRequest,
    refusals: refusals(404, 409, 422),
  },
  deskEdit: {
    method: 'PUT' as const,
    path: '/requests/{id}/items',
    summary:
      "Change a pending request's items (lines, quantities, reasons) and method; the rules check it again and the money is recomputed. 409 once it is approved",
    body: deskEditBody,
    answer: merchantRequest,
    refusals: refusals(404, 409, 422),
  },
} satisfies Record<string, MerchantRoute>;
