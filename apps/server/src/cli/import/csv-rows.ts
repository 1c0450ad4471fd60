import { CsvError, parse } from 'csv-parse';

/** One CSV record: its cells and the line it starts on (a quoted newline makes a record span lines). */
export interface CsvRow {
  line: number;
  cells: string[];
  /** Why the rest of the file could not be read, on the row where that happened (its cells are then empty). */
  error?: string;
}

/**
 * A quote left open makes the rest of the file one field; past this many characters the parser stops instead of
 * holding the whole file in memory. Real order lines are a few kilobytes at most.
 */
export const MAX_ROW_CHARS = 1_000_000;

const countNewlines = (text: string) => text.split('\n').length - 1;

function whyUnreadable(error: CsvError): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return 'A quoted cell starting on this row is never closed';
  if (error.code === 'CSV_MAX_RECORD_SIZE')
    return `A row longer than ${MAX_ROW_CHARS.toLocaleString('en-US')} characters: a quote is probably never closed. The rest of the file was not read`;
  return `${error.message}. The rest of the file was not read`;
}

/**
 * The rows of a CSV text stream, in order (RFC 4180, read by csv-parse as the chunks come). Rows may end with CRLF or
 * LF; a quote inside an unquoted cell is kept as it is, as spreadsheets read it. Rows of any width are given: the
 * caller knows how many cells a row needs.
 */
export async function* csvRows(chunks: AsyncIterable<string>): AsyncGenerator<CsvRow> {
  // Each record is taken as the parser reads it (on_record), so the rows before an error are all given, in order.
  const records: string[][] = [];
  let failure: Error | undefined;
  const parser = parse({
    record_delimiter: ['\r\n', '\n'],
    relax_quotes: true,
    relax_column_count: true,
    max_record_size: MAX_ROW_CHARS,
    on_record: (cells: string[]) => {
      records.push(cells);
      return null;
    },
  });
  parser.on('error', (error: Error) => (failure ??= error));
  const settled = (send: (done: () => void) => void) => new Promise<void>((resolve) => send(resolve));
  // csv-parse counts a CRLF inside quotes as two lines, so the rows' lines are counted here from what they hold.
  let line = 1;
  function* taken(): Generator<CsvRow> {
    for (const cells of records.splice(0)) {
      yield { line, cells };
      line += 1 + cells.reduce((sum, cell) => sum + countNewlines(cell), 0);
    }
    if (failure === undefined) return;
    if (!(failure instanceof CsvError)) throw failure;
    yield { line, cells: [], error: whyUnreadable(failure) };
  }
  for await (const chunk of chunks) {
    await settled((done) => parser.write(chunk, done));
    yield* taken();
    if (failure !== undefined) return;
  }
  await settled((done) => parser.end(done));
  yield* taken();
}
