import { Readable } from 'node:stream';
import { RECONCILIATION_COLUMNS, rmaReference, type ReconciliationColumn } from '@return-center/contract';
import { minorToDecimal } from '@return-center/domain';
import { reconcileRequest } from '../requests/exchange-ledger.js';
import type { RequestReads } from '../requests/request-reads.js';
import type { InspectionRecord, ItemRecord, RequestRecord } from '../requests/request-record.js';
import { csvHeader, csvRow, datesByRequest, isoAt, STATUS_NAMES } from './csv-text.js';
import { PAGE, type ListFilter } from './request-export.js';

/** The actions that close a request; the earliest taken is its closing date. */
const CLOSING = ['refund', 'resolve', 'reject'];

/** One exchange's row: its dates, each term of its reconciliation in its own currency, the balance and the verdict. */
function reconciliationRow(
  request: RequestRecord,
  items: readonly ItemRecord[],
  inspections: readonly InspectionRecord[],
  at: Map<string, number>,
): string {
  const money = (amount: number) => minorToDecimal(amount, request.currency);
  const { terms, bonusUnspent, balance, status } = reconcileRequest(request, items, inspections);
  const closed = CLOSING.map((action) => at.get(action)).filter((when) => when !== undefined);
  const cells: Record<ReconciliationColumn, string | number> = {
    rma: rmaReference(request.id),
    request_id: request.id,
    order: request.order_name,
    exchange_order: request.exchange_order_name,
    request_status: STATUS_NAMES[request.status] ?? String(request.status),
    created_at: isoAt(request.created_at),
    approved_at: isoAt(at.get('approve')),
    received_at: isoAt(at.get('receive')),
    closed_at: isoAt(closed.length ? Math.min(...closed) : undefined),
    currency: request.currency,
    credit: money(terms.credit),
    swap_allowance: money(terms.swapAllowance),
    bonus: money(terms.bonus),
    difference_paid: money(terms.differencePaid),
    captured: money(terms.captured),
    new_items: money(terms.newItems),
    refunded: money(terms.refunded),
    bonus_unspent: money(bonusUnspent),
    held: money(terms.held),
    balance: money(balance),
    status,
  };
  return csvRow(RECONCILIATION_COLUMNS.map((column) => cells[column]));
}

/**
 * The shop's exchange requests matching the list's filters as the accountant's CSV, newest first: a page of requests
 * per chunk, read with their items, inspections and dates in one read each, so memory stays flat however many there are.
 */
export async function* reconciliationChunks(
  requests: RequestReads,
  shopId: number,
  filter: Omit<ListFilter, 'cursor' | 'limit'>,
): AsyncGenerator<string> {
  yield csvHeader(RECONCILIATION_COLUMNS);
  let cursor: number | undefined;
  do {
    const page = await requests.list(shopId, { ...filter, exchangesOnly: true, cursor, limit: PAGE });
    const ids = page.rows.map((row) => row.id);
    const [items, actions, inspections] = await Promise.all([
      requests.itemsOf(ids),
      requests.firstActionsOf(ids),
      requests.inspectionsOfMany(ids),
    ]);
    const datesOf = datesByRequest(actions);
    let chunk = '';
    for (const request of page.rows) {
      const own = (row: { request_id: number }) => row.request_id === request.id;
      const dates = datesOf.get(request.id) ?? new Map<string, number>();
      chunk += reconciliationRow(request, items.filter(own), inspections.filter(own), dates);
    }
    yield chunk;
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}

export const reconciliationStream = (...args: Parameters<typeof reconciliationChunks>) =>
  Readable.from(reconciliationChunks(...args));
