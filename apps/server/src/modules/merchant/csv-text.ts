/** What the merchant's CSV files share (ADR 039): RFC 4180 cells with formulas defused, CRLF rows, UTC dates. */

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, a comma or a line break. Text a spreadsheet would run as a
 * formula (starting with =, +, -, @, a tab or a carriage return) gets a leading apostrophe; our own numbers do not.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (cells: readonly (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The first line of a file: the byte order mark tells spreadsheets it is UTF-8, then the columns' names. */
export const csvHeader = (columns: readonly string[]) => `\uFEFF${csvRow(columns)}`;

/** Unix seconds as ISO 8601 in UTC without milliseconds; '' for a date that has not happened. */
export const isoAt = (seconds: number | undefined) =>
  seconds === undefined ? '' : new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/** The request statuses by name, as the files write them. */
export const STATUS_NAMES: Record<number, string> = {
  1: 'pending_review',
  2: 'approved',
  3: 'rejected',
  4: 'completed',
  5: 'received',
};

/** When each of a page of requests first took each action (approve, receive, refund…), by request id. */
export function datesByRequest(actions: readonly { request_id: number; action: string; at: number }[]) {
  const datesOf = new Map<number, Map<string, number>>();
  for (const action of actions) {
    const dates = datesOf.get(action.request_id) ?? new Map<string, number>();
    dates.set(action.action, action.at);
    datesOf.set(action.request_id, dates);
  }
  return datesOf;
}
