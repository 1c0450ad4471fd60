import { IMPORT_BATCH_MAX, orderImportBatch } from '@return-center/contract';
import type { EventLoopTurns } from '../../event-loop-turns.js';
import { errors } from '../../http/app-error.js';
import { describeIssues } from '../../http/app-error.js';

/**
 * More objects and arrays than the largest valid order holds (250 lines, 100 refunds of 250 lines each): an order
 * past it is refused without being parsed, so that no one order's parse can hold the thread for long.
 */
const MAX_NESTED_PER_ORDER = 26_000;
/** Characters scanned between two looks at the clock. */
const SCAN_SLICE = 64 * 1024;

export type ImportedOrder = { text: string } | { error: string };

const malformed = () => errors.invalidInput('Malformed JSON body');
const [QUOTE, BACKSLASH, COMMA, COLON] = [0x22, 0x5c, 0x2c, 0x3a];
const [OPEN_OBJECT, CLOSE_OBJECT, OPEN_ARRAY, CLOSE_ARRAY] = [0x7b, 0x7d, 0x5b, 0x5d];
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * The orders of an import body (`{"orders": [ … ]}`), each as its own JSON text, found by a scan that hands the event
 * loop back as it goes. JSON.parse of a whole 4 MiB body, 80,000 objects at once, held the thread for tens of
 * milliseconds (hundreds on a busy machine); each order is parsed on its own later, between other requests. The
 * envelope is checked as the contract's `orderImportBatch` would; a bad order is answered by its place.
 */
export async function ordersOfImport(body: string, turns: EventLoopTurns): Promise<ImportedOrder[]> {
  let at = 0;
  let scanned = 0;
  const code = () => body.charCodeAt(at);
  const skipSpace = () => {
    while (at < body.length && isSpace(code())) at += 1;
  };
  const expect = (c: number) => {
    skipSpace();
    if (code() !== c) throw malformed();
    at += 1;
  };
  /** Moves past one value; answers how many objects and arrays it holds. */
  const skipValue = async () => {
    skipSpace();
    let depth = 0;
    let nested = 0;
    let inString = false;
    for (; at < body.length; at += 1) {
      if (++scanned % SCAN_SLICE === 0) await turns.check();
      const c = code();
      if (inString) {
        if (c === BACKSLASH) at += 1;
        else if (c === QUOTE) {
          inString = false;
          if (depth === 0) break;
        }
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        depth += 1;
        nested += 1;
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        if (depth === 0) return nested;
        depth -= 1;
        if (depth === 0) break;
      } else if (depth === 0 && (c === COMMA || isSpace(c))) return nested;
    }
    if (at >= body.length) throw malformed();
    at += 1;
    return nested;
  };

  let orders: ImportedOrder[] | null = null;
  let notAnArray: unknown;
  let keys = 0;
  expect(OPEN_OBJECT);
  skipSpace();
  while (code() !== CLOSE_OBJECT) {
    if (keys++ > 0) expect(COMMA);
    skipSpace();
    const keyStart = at;
    if (code() !== QUOTE) throw malformed();
    await skipValue();
    const key = parsed(body.slice(keyStart, at));
    expect(COLON);
    if (key !== 'orders') throw errors.invalidInput(`Unrecognized key: ${JSON.stringify(String(key)).slice(0, 80)}`);
    skipSpace();
    [orders, notAnArray] = [null, undefined];
    if (code() !== OPEN_ARRAY) {
      // Not an array: the contract's message says what it is, without parsing what may be large.
      notAnArray = placeholderOf(code());
      await skipValue();
    } else {
      at += 1;
      orders = [];
      skipSpace();
      while (code() !== CLOSE_ARRAY) {
        if (orders.length > 0) expect(COMMA);
        if (orders.length === IMPORT_BATCH_MAX) refuse([...orders, { error: 'one too many' }]);
        skipSpace();
        const start = at;
        const nested = await skipValue();
        if (at === start || at >= body.length) throw malformed();
        orders.push(
          nested > MAX_NESTED_PER_ORDER
            ? { error: `More than ${String(MAX_NESTED_PER_ORDER)} objects and arrays: not an order` }
            : { text: body.slice(start, at) },
        );
        skipSpace();
      }
      at += 1;
    }
    skipSpace();
  }
  at += 1;
  skipSpace();
  if (at < body.length) throw malformed();
  refuse(orders ?? notAnArray);
  return orders ?? [];
}

/** Throws the contract's answer when `orders` is not a batch of 1 to IMPORT_BATCH_MAX. */
function refuse(orders: unknown) {
  const batch = orderImportBatch.safeParse({ orders });
  if (!batch.success) throw errors.invalidInput(describeIssues(batch.error));
}

/** A value of the same JSON type as the one starting with `c`, for the contract to name. */
function placeholderOf(c: number): unknown {
  if (c === OPEN_OBJECT) return {};
  if (c === QUOTE) return '';
  if (c === 0x74 || c === 0x66) return true;
  if (c === 0x6e) return null;
  return 0;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw malformed();
  }
}
