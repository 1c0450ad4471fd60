import { Readable } from 'node:stream';
import { EXPORT_COLUMNS, rmaReference, SolutionId, type ExportColumn } from '@return-center/contract';
import { minorToDecimal } from '@return-center/domain';
import { SHIPPING_METHODS, SOLUTIONS } from '../orders/order-source.js';
import type { RequestReads } from '../requests/request-reads.js';
import type { InspectionRecord, ItemRecord, RequestRecord } from '../requests/request-record.js';
import { csvHeader, csvRow, datesByRequest, isoAt, STATUS_NAMES } from './csv-text.js';

/** How many requests the export reads at a time: one page of requests, then their items and dates in one read each. */
export const PAGE = 200;
const solutionNames = new Map<number, string>(SOLUTIONS.map((solution) => [solution.id, solution.name]));
const methodNames = new Map<number, string>(SHIPPING_METHODS.map((method) => [method.id, method.name]));
const MONEY_BACK = new Set<number>([SolutionId.RefundOriginal, SolutionId.BankTransfer]);
const CREDIT = new Set<number>([SolutionId.DiscountCode, SolutionId.GiftCard]);
export type ListFilter = Parameters<RequestReads['list']>[1];

interface Fees {
  return_fee?: number;
  label_fee?: number;
  restocking_fee?: number;
}

/** The columns a request repeats on each of its item rows. */
function requestCells(request: RequestRecord, at: Map<string, number>): Partial<Record<ExportColumn, string | number>> {
  const money = (amount: number) => minorToDecimal(amount, request.currency);
  const fees = JSON.parse(request.money || '{}') as Fees;
  const paid = request.refund_state === 'refunded' ? request.actual_refund : 0;
  return {
    rma: rmaReference(request.id),
    request_id: request.id,
    order: request.order_name,
    customer_email: request.customer_email,
    status: STATUS_NAMES[request.status] ?? String(request.status),
    created_at: isoAt(request.created_at),
    approved_at: isoAt(at.get('approve')),
    received_at: isoAt(at.get('receive')),
    refunded_at: isoAt(at.get('refund')),
    solution: solutionNames.get(request.solution_id) ?? String(request.solution_id),
    method: methodNames.get(request.shipping_method_id) ?? String(request.shipping_method_id),
    currency: request.currency,
    refund_due: money(request.refund),
    refunded: money(MONEY_BACK.has(request.solution_id) ? paid : 0),
    credited: money(CREDIT.has(request.solution_id) ? paid : 0),
    exchanged: money(request.solution_id === SolutionId.Exchange ? request.exchange_credit : 0),
    fees: money((fees.return_fee ?? 0) + (fees.label_fee ?? 0) + (fees.restocking_fee ?? 0)),
    tracking_number: request.tracking_number,
    carrier: request.shipping_carrier,
  };
}

/**
 * The columns of one item. Condition and outcome list its inspected groups of units ("2 as_new; 1 damaged",
 * "2 accepted; 1 rejected: torn seam"); both are empty until it is inspected at receipt.
 */
const itemCells = (
  item: ItemRecord,
  inspected: InspectionRecord[],
): Partial<Record<ExportColumn, string | number>> => ({
  item_sku: item.sku,
  item_title: item.title,
  item_variant: item.variant_title,
  item_quantity: item.quantity,
  item_reason: item.reason_text,
  item_condition: inspected.map((group) => `${String(group.quantity)} ${group.condition}`).join('; '),
  item_outcome: inspected
    .map((group) => `${String(group.quantity)} ${group.outcome}${group.reason ? `: ${group.reason}` : ''}`)
    .join('; '),
});

const line = (cells: Partial<Record<ExportColumn, string | number>>) =>
  csvRow(EXPORT_COLUMNS.map((column) => cells[column] ?? ''));

/** The matching requests of a shop as CSV text, a page of requests per chunk, newest first. */
export async function* exportChunks(
  requests: RequestReads,
  shopId: number,
  filter: Omit<ListFilter, 'cursor' | 'limit'>,
): AsyncGenerator<string> {
  yield csvHeader(EXPORT_COLUMNS);
  let cursor: number | undefined;
  do {
    const { rows, nextCursor } = await requests.list(shopId, { ...filter, cursor, limit: PAGE });
    const ids = rows.map((row) => row.id);
    const [items, actions, inspections] = await Promise.all([
      requests.itemsOf(ids),
      requests.firstActionsOf(ids),
      requests.inspectionsOfMany(ids),
    ]);
    const itemsOf = new Map<number, ItemRecord[]>();
    for (const item of items) itemsOf.set(item.request_id, [...(itemsOf.get(item.request_id) ?? []), item]);
    const datesOf = datesByRequest(actions);
    let chunk = '';
    for (const request of rows) {
      const cells = requestCells(request, datesOf.get(request.id) ?? new Map<string, number>());
      const own = itemsOf.get(request.id) ?? [];
      if (own.length === 0) chunk += line(cells);
      for (const item of own) {
        const inspected = inspections.filter(
          (group) => group.request_id === request.id && group.order_line_id === item.order_line_id,
        );
        chunk += line({ ...cells, ...itemCells(item, inspected) });
      }
    }
    yield chunk;
    cursor = nextCursor ?? undefined;
  } while (cursor !== undefined);
}

export const exportStream = (...args: Parameters<typeof exportChunks>) => Readable.from(exportChunks(...args));
