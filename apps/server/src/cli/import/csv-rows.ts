/** One CSV record: its cells and the line it starts on (a quoted newline makes a record span lines). */
export interface CsvRow {
  line: number;
  cells: string[];
  /** Why the row is malformed, when it is; its cells are then a best guess. */
  error?: string;
}

/**
 * A quote left open makes the rest of the file one field; past this many characters the parser stops instead of
 * holding the whole file in memory. Real order lines are a few kilobytes at most.
 */
export const MAX_ROW_CHARS = 1_000_000;

type State = 'fieldStart' | 'unquoted' | 'quoted' | 'quoteInQuoted' | 'afterClosingCr';

/** Streaming RFC 4180 parser: feed it text chunks as they come; quotes and CRLF may straddle chunk boundaries. */
export class CsvRowParser {
  private state: State = 'fieldStart';
  private cells: string[] = [];
  private field = '';
  private rowChars = 0;
  private line = 1;
  private rowLine = 1;
  private error: string | undefined;
  private gaveUp = false;

  /** True once an unclosed quote made the parser give up on the rest of the input. */
  get stopped(): boolean {
    return this.gaveUp;
  }

  /** The rows this chunk completes. */
  *push(chunk: string): Generator<CsvRow> {
    let i = 0;
    while (i < chunk.length && !this.gaveUp) {
      if (this.rowChars > MAX_ROW_CHARS) {
        yield this.giveUp();
        return;
      }
      const char = chunk.charAt(i);
      switch (this.state) {
        case 'fieldStart':
          if (char === '"') {
            this.state = 'quoted';
            i += 1;
          } else this.state = 'unquoted';
          break;
        case 'unquoted': {
          const end = nextDelimiter(chunk, i);
          this.append(chunk.slice(i, end));
          i = end;
          if (end === chunk.length) break;
          const delimiter = chunk.charAt(end);
          i += 1;
          if (delimiter === ',') this.endField();
          else if (delimiter === '\n') yield this.endRow();
          else {
            this.fail('A quote inside an unquoted cell: quote the whole cell and double the quote ("")');
            this.append('"');
          }
          break;
        }
        case 'quoted': {
          const quote = chunk.indexOf('"', i);
          const end = quote === -1 ? chunk.length : quote;
          const text = chunk.slice(i, end);
          this.line += countNewlines(text);
          this.append(text);
          i = end;
          if (quote !== -1) {
            this.state = 'quoteInQuoted';
            i += 1;
          }
          break;
        }
        case 'quoteInQuoted':
        case 'afterClosingCr':
          i += 1;
          if (char === '"' && this.state === 'quoteInQuoted') {
            this.append('"');
            this.state = 'quoted';
          } else if (char === ',') this.endField();
          else if (char === '\n') yield this.endRow();
          else if (char === '\r') this.state = 'afterClosingCr';
          else {
            this.fail('Text after the closing quote of a cell');
            this.append(char);
            this.state = 'unquoted';
          }
          break;
      }
    }
  }

  /** The last row, when the input does not end with a newline, or the error of a quote never closed. */
  *end(): Generator<CsvRow> {
    if (this.gaveUp) return;
    if (this.state === 'quoted') this.fail('A quoted cell starting on this row is never closed');
    if (this.state !== 'fieldStart' || this.cells.length > 0) yield this.endRow();
  }

  private append(text: string) {
    this.field += text;
    this.rowChars += text.length;
  }

  private fail(message: string) {
    this.error ??= message;
  }

  private endField() {
    this.cells.push(this.field);
    this.field = '';
    this.state = 'fieldStart';
  }

  private endRow(): CsvRow {
    // CRLF rows: the CR before the newline is not part of the last unquoted cell.
    if (this.state === 'unquoted' && this.field.endsWith('\r')) this.field = this.field.slice(0, -1);
    this.endField();
    const row: CsvRow = { line: this.rowLine, cells: this.cells, ...(this.error ? { error: this.error } : {}) };
    this.cells = [];
    this.rowChars = 0;
    this.error = undefined;
    this.line += 1;
    this.rowLine = this.line;
    return row;
  }

  private giveUp(): CsvRow {
    this.gaveUp = true;
    return {
      line: this.rowLine,
      cells: [],
      error: `A row longer than ${MAX_ROW_CHARS.toLocaleString('en-US')} characters: a quote is probably never closed. The rest of the file was not read`,
    };
  }
}

const COMMA = 44;
const NEWLINE = 10;
const QUOTE = 34;

function nextDelimiter(text: string, from: number): number {
  for (let i = from; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === COMMA || code === NEWLINE || code === QUOTE) return i;
  }
  return text.length;
}

function countNewlines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count += 1;
  return count;
}

/** The rows of a CSV text stream, in order. */
export async function* csvRows(chunks: AsyncIterable<string>): AsyncGenerator<CsvRow> {
  const parser = new CsvRowParser();
  for await (const chunk of chunks) {
    yield* parser.push(chunk);
    if (parser.stopped) return;
  }
  yield* parser.end();
}
