import { z } from 'zod';
import { requestExportQuery } from './merchant-requests.js';
import type { MerchantRoute } from './merchant-route.js';

/**
 * The columns of the exchanges' reconciliation (issue 36 point 5, ADR 049), in order: one row per exchange request.
 * Each row holds credit + swap_allowance + bonus + difference_paid + captured − new_items = refunded + bonus_unspent +
 * balance. Dates are ISO 8601 in UTC, money a decimal in the request's currency (e.g. `12.50` EUR, `1200` JPY).
 */
export const RECONCILIATION_COLUMNS = [
  'rma',
  'request_id',
  'order',
  /** The order the exchange became at the store ('' until approved, or when rejected before). */
  'exchange_order',
  /** The request's own status: pending_review, approved, received, completed, rejected. */
  'request_status',
  'created_at',
  'approved_at',
  'received_at',
  /** When it was refunded, resolved or rejected. */
  'closed_at',
  'currency',
  /** What the returned goods earn towards the exchange, bonus excluded (after inspection, the accepted units). */
  'credit',
  /** An even swap's credit beyond what the return is worth (the original discount the shop absorbs). */
  'swap_allowance',
  /** The shop's bonus credit for exchanging instead of a refund. */
  'bonus',
  /** What the shopper paid at the checkout for new items dearer than the credit. */
  'difference_paid',
  /** What a card hold of an instant exchange captured (0 without one). */
  'captured',
  /** The new items sent, at their price (0 when a rejection cancelled them). */
  'new_items',
  /** Money given back: credit left over paid out, and a rejected exchange's payment returned. */
  'refunded',
  /** Bonus left over: store credit that lapses, never paid out. */
  'bonus_unspent',
  /** A card hold still authorised (0 without one): not money yet, the row stays open. */
  'held',
  /** Still owed to the shopper when above 0; sent or paid beyond what the exchange left when below 0. */
  'balance',
  /** open (money may still move), balanced, or out_of_balance. */
  'status',
] as const;
export type ReconciliationColumn = (typeof RECONCILIATION_COLUMNS)[number];

/** The merchant API's call for the file: the requests list's filters choose among the shop's exchanges. */
export const reconciliationRoutes = {
  exportReconciliation: {
    method: 'GET' as const,
    path: '/exchanges/reconciliation',
    summary:
      "The shop's exchange requests matching the list's filters as a CSV file for the accountant (UTF-8 with a byte order mark, RFC 4180), one row per exchange: credit + swap allowance + bonus + difference paid + captured − new items = refunded + bonus unspent + balance, and whether it is balanced, open or out of balance",
    query: requestExportQuery,
    answer: z.string(),
    produces: 'text/csv' as const,
  },
} satisfies Record<string, MerchantRoute>;
