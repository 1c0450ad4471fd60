/**
 * CSV order files. The format, as merchants are told it (keep this and the code in step):
 *
 * - The first row names the columns, in any order. Quoting follows RFC 4180: a cell holding a comma, a quote or a
 *   line break is put in double quotes, and a quote inside it is doubled (""); a stray quote in an unquoted cell is
 *   kept as it is (12" vinyl). Rows end with CRLF or LF.
 *   Blank rows are skipped.
 * - One row per order LINE. Consecutive rows with the same order_id form one order; the order-level columns are
 *   read from its first row (later rows may leave them empty). An order's rows must be consecutive.
 * - Columns (* must be in the header):
 *     order:  order_id*, name*, number, email*, phone, first_name, last_name, currency*, created_at*,
 *             fulfilled_at, delivered_at, shipping, order_tags (the order's `tags`), discount_codes
 *     line:   line_id*, product_id, variant_id, title*, variant_title, sku, image, price*, quantity*, discount, tax,
 *             tags, product_type, vendor, collections, refunded_quantity, refunded_at
 *   Any other column name is refused, so that a misspelt optional column does not silently lose its data.
 * - Money (shipping, price, discount, tax) is an integer in minor units of the currency: 1250 for 12.50 USD.
 * - Times are unix seconds or ISO 8601 (2024-03-01, 2024-03-01T10:00:00Z, 2024-03-01T10:00:00+01:00); ISO without
 *   a zone is UTC. An empty fulfilled_at or delivered_at means not yet.
 * - tags, order_tags, discount_codes and collections are separated by `|`.
 * - An empty cell is left out, so the order feed's default applies.
 * - The lines with refunded_quantity > 0 become the order's one refund, with id `import`, dated the latest
 *   refunded_at of those lines, or the order's created_at when none is given.
 */
import type { Readable } from 'node:stream';
import { CellError, count, money, tagList, text, unixTime, wholeNumber } from './csv-cells.js';
import { csvRows, type CsvRow } from './csv-rows.js';
import type { RawOrder, ReadRecord } from './records.js';

type Convert = (cell: string) => unknown;

const ORDER_COLUMNS: Record<string, Convert> = {
  name: text,
  number: text,
  email: text,
  phone: text,
  first_name: text,
  last_name: text,
  currency: text,
  created_at: unixTime,
  fulfilled_at: unixTime,
  delivered_at: unixTime,
  shipping: money,
  order_tags: tagList,
  discount_codes: tagList,
};
/** Columns named otherwise than their field: the line's `tags` column holds the line's. */
const FIELD_OF: Record<string, string> = { order_tags: 'tags' };
const LINE_COLUMNS: Record<string, Convert> = {
  product_id: wholeNumber,
  variant_id: wholeNumber,
  title: text,
  variant_title: text,
  sku: text,
  image: text,
  price: money,
  quantity: wholeNumber,
  discount: money,
  tax: money,
  tags: tagList,
  product_type: text,
  vendor: text,
  collections: tagList,
};
const REFUND_COLUMNS: Record<string, Convert> = { refunded_quantity: count, refunded_at: unixTime };

export const CSV_COLUMNS = [
  'order_id',
  ...Object.keys(ORDER_COLUMNS),
  'line_id',
  ...Object.keys(LINE_COLUMNS),
  ...Object.keys(REFUND_COLUMNS),
];
export const REQUIRED_CSV_COLUMNS = [
  'order_id',
  'name',
  'email',
  'currency',
  'created_at',
  'line_id',
  'title',
  'price',
  'quantity',
];

/** The column names of a header row, by their place; unnamed columns are ignored. Throws when it does not fit. */
function readHeader(row: CsvRow): Map<string, number> {
  if (row.error) throw new Error(`The CSV header (line ${row.line}) is malformed: ${row.error}`);
  const columns = new Map<string, number>();
  const unknown: string[] = [];
  const repeated: string[] = [];
  for (const [index, cell] of row.cells.entries()) {
    // Spreadsheets save UTF-8 with a byte order mark before the first column name.
    const name = (index === 0 ? cell.replace(/^\uFEFF/, '') : cell).trim();
    if (name === '') continue;
    if (!CSV_COLUMNS.includes(name)) unknown.push(name);
    else if (columns.has(name)) repeated.push(name);
    else columns.set(name, index);
  }
  const missing = REQUIRED_CSV_COLUMNS.filter((name) => !columns.has(name));
  const problems = [
    missing.length > 0 ? `it lacks the required columns ${missing.join(', ')}` : '',
    unknown.length > 0 ? `it has unknown columns ${unknown.join(', ')}` : '',
    repeated.length > 0 ? `it repeats the columns ${repeated.join(', ')}` : '',
  ].filter((problem) => problem !== '');
  if (problems.length > 0)
    throw new Error(`The CSV header is not usable: ${problems.join('; ')}. The columns are ${CSV_COLUMNS.join(', ')}`);
  return columns;
}

interface OrderDraft {
  id: string;
  line: number;
  fields: RawOrder;
  lines: RawOrder[];
  refundLines: { line_id: string; quantity: number }[];
  refundedAt: number | undefined;
  /** The first problem found in the order's rows: the order is then reported, not sent. */
  problem?: { line: number; error: string };
}

class CsvOrderBuilder {
  /** The line each order id started on, to catch an order whose rows are not consecutive. */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly columns: Map<string, number>,
    private readonly width: number,
  ) {}

  start(row: CsvRow, id: string): OrderDraft {
    const draft: OrderDraft = { id, line: row.line, fields: {}, lines: [], refundLines: [], refundedAt: undefined };
    const earlier = this.seen.get(id);
    if (id === '') this.fail(draft, row, 'order_id is empty');
    else if (earlier !== undefined)
      this.fail(draft, row, `The rows of order ${id} are not consecutive: it also has rows from line ${earlier}`);
    else this.seen.set(id, row.line);
    this.addRow(draft, row, true);
    return draft;
  }

  add(draft: OrderDraft, row: CsvRow) {
    this.addRow(draft, row, false);
  }

  private addRow(draft: OrderDraft, row: CsvRow, firstRow: boolean) {
    if (!this.wellFormed(draft, row)) return;
    const errors: string[] = [];
    if (firstRow) draft.fields = this.convert(row, ORDER_COLUMNS, errors);
    const lineId = this.cell(row, 'line_id') ?? '';
    const line = { id: lineId, ...this.convert(row, LINE_COLUMNS, errors) };
    const refund = this.convert(row, REFUND_COLUMNS, errors);
    if (errors.length > 0) {
      this.fail(draft, row, errors.join('; '));
      return;
    }
    draft.lines.push(line);
    if (typeof refund.refunded_quantity === 'number' && refund.refunded_quantity > 0) {
      draft.refundLines.push({ line_id: lineId, quantity: refund.refunded_quantity });
      if (typeof refund.refunded_at === 'number')
        draft.refundedAt = Math.max(draft.refundedAt ?? 0, refund.refunded_at);
    }
  }

  finish(draft: OrderDraft): ReadRecord {
    if (draft.problem) return { ...draft.problem, id: draft.id };
    const refunds =
      draft.refundLines.length > 0
        ? [{ id: 'import', created_at: draft.refundedAt ?? draft.fields.created_at, lines: draft.refundLines }]
        : [];
    const order: RawOrder = { id: draft.id, ...draft.fields, lines: draft.lines };
    if (refunds.length > 0) order.refunds = refunds;
    return { line: draft.line, order };
  }

  private wellFormed(draft: OrderDraft, row: CsvRow): boolean {
    if (row.error) this.fail(draft, row, row.error);
    else if (row.cells.length !== this.width)
      this.fail(draft, row, `This row has ${row.cells.length} cells where the header has ${this.width}`);
    else return true;
    return false;
  }

  /** The non-empty cells of these columns, converted; an empty cell is left out so the contract's default applies. */
  private convert(row: CsvRow, converters: Record<string, Convert>, errors: string[]): RawOrder {
    const values: RawOrder = {};
    for (const [column, convert] of Object.entries(converters)) {
      const cell = this.cell(row, column);
      if (cell === undefined) continue;
      try {
        values[FIELD_OF[column] ?? column] = convert(cell);
      } catch (error) {
        if (!(error instanceof CellError)) throw error;
        errors.push(`${column}: ${error.message}`);
      }
    }
    return values;
  }

  private cell(row: CsvRow, column: string): string | undefined {
    const index = this.columns.get(column);
    const cell = index === undefined ? undefined : row.cells[index];
    return cell === undefined || cell.trim() === '' ? undefined : cell;
  }

  private fail(draft: OrderDraft, row: CsvRow, error: string) {
    draft.problem ??= { line: row.line, error };
  }
}

const isBlank = (row: CsvRow) => !row.error && row.cells.every((cell) => cell.trim() === '');

/** CSV (`.csv`): yields one record per order, as described at the top of this file. */
export async function* readCsvOrders(input: Readable): AsyncGenerator<ReadRecord> {
  let builder: CsvOrderBuilder | undefined;
  let orderIdColumn = 0;
  let draft: OrderDraft | undefined;
  for await (const row of csvRows(textOf(input))) {
    if (isBlank(row)) continue;
    if (!builder) {
      const columns = readHeader(row);
      orderIdColumn = columns.get('order_id') ?? 0;
      builder = new CsvOrderBuilder(columns, row.cells.length);
      continue;
    }
    const id = row.cells[orderIdColumn]?.trim() ?? '';
    if (draft && draft.id === id && id !== '') builder.add(draft, row);
    else {
      if (draft) yield builder.finish(draft);
      draft = builder.start(row, id);
    }
  }
  if (!builder) throw new Error('The CSV file is empty: its first row must name the columns');
  if (draft) yield builder.finish(draft);
}

async function* textOf(input: Readable): AsyncGenerator<string> {
  input.setEncoding('utf8');
  for await (const chunk of input) yield String(chunk);
}
