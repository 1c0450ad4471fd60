import { GraphqlError } from './shopify-admin-json.js';

/**
 * Shopify's search syntax (https://shopify.dev/docs/api/usage/search-syntax) as far as the fake needs it: terms
 * `field:value`, comparators `field:<value` `:>` `:<=` `:>=`, a bare value for the default fields, quoted values,
 * backslash escapes, `*` as a wildcard (outside quotes), AND (also implied by a space), OR, NOT or `-`, and brackets.
 * Text matches ignore case.
 */

export interface Term {
  field: string | null;
  comparator: ':' | '<' | '>' | '<=' | '>=';
  /** The value with escapes and quotes resolved (wildcards kept as `*`). */
  value: string;
  /** Whether the whole value matches `text`: exactly, or through its wildcards. */
  matches(text: string): boolean;
}

type Node = { and: Node[] } | { or: Node[] } | { not: Node } | { term: Term };

/** Answers whether an item fits the query, given how each term reads on it. */
export function searchFilter(query: string | null | undefined): (test: (term: Term) => boolean) => boolean {
  const tokens = tokenize(query ?? '');
  let at = 0;
  const peek = () => tokens[at];
  const or = (): Node => {
    const parts = [and()];
    while (peek() === 'OR') {
      at++;
      parts.push(and());
    }
    return { or: parts };
  };
  const and = (): Node => {
    const parts = [unary()];
    for (;;) {
      const next = peek();
      if (next === undefined || next === ')' || next === 'OR') break;
      if (next === 'AND') at++;
      parts.push(unary());
    }
    return { and: parts };
  };
  const unary = (): Node => {
    const next = peek();
    if (next === 'NOT') {
      at++;
      return { not: unary() };
    }
    if (next === '(') {
      at++;
      const inner = or();
      if (peek() === ')') at++;
      return inner;
    }
    at++;
    if (typeof next === 'object') return next.negated ? { not: { term: next.term } } : { term: next.term };
    return { and: [] };
  };
  const tree = tokens.length === 0 ? { and: [] } : or();
  const run = (node: Node, test: (term: Term) => boolean): boolean => {
    if ('and' in node) return node.and.every((n) => run(n, test));
    if ('or' in node) return node.or.some((n) => run(n, test));
    if ('not' in node) return !run(node.not, test);
    return test(node.term);
  };
  return (test) => run(tree, test);
}

type Token = '(' | ')' | 'AND' | 'OR' | 'NOT' | { term: Term; negated: boolean };

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    const c = query.charAt(i);
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '(' || c === ')') {
      tokens.push(c);
      i++;
      continue;
    }
    const word = readWord(query, i);
    i = word.end;
    if (word.raw === 'AND' || word.raw === 'OR' || word.raw === 'NOT') tokens.push(word.raw);
    else tokens.push({ term: word.term, negated: word.negated });
  }
  return tokens;
}

/** One term: characters up to whitespace or a bracket outside quotes; `\x` is x as it is. */
function readWord(query: string, start: number) {
  let i = start;
  let negated = false;
  if (query[i] === '-') {
    negated = true;
    i++;
  }
  const chars: { c: string; special: boolean }[] = [];
  let quote: string | null = null;
  while (i < query.length) {
    const c = query.charAt(i);
    if (quote) {
      if (c === '\\' && i + 1 < query.length) chars.push({ c: query.charAt(++i), special: false });
      else if (c === quote) quote = null;
      else chars.push({ c, special: false });
      i++;
      continue;
    }
    if (/\s/.test(c) || c === '(' || c === ')') break;
    if (c === '\\' && i + 1 < query.length) chars.push({ c: query.charAt(++i), special: false });
    else if (c === '"' || c === "'") quote = c;
    else chars.push({ c, special: c === ':' || c === '*' || c === '<' || c === '>' || c === '=' });
    i++;
  }
  const colon = chars.findIndex((ch) => ch.special && ch.c === ':');
  let field: string | null = null;
  let rest = chars;
  let comparator: Term['comparator'] = ':';
  if (colon > 0) {
    field = chars
      .slice(0, colon)
      .map((ch) => ch.c)
      .join('')
      .toLowerCase();
    rest = chars.slice(colon + 1);
    const ops = rest
      .slice(0, 2)
      .filter((ch) => ch.special && ch.c !== '*')
      .map((ch) => ch.c)
      .join('');
    const op = (['<=', '>=', '<', '>'] as const).find((o) => ops.startsWith(o));
    if (op) {
      comparator = op;
      rest = rest.slice(op.length);
    }
  }
  const value = rest.map((ch) => ch.c).join('');
  const pattern = new RegExp(
    `^${rest.map((ch) => (ch.special && ch.c === '*' ? '.*' : ch.c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'))).join('')}$`,
    'is',
  );
  const raw = query.slice(start, i);
  return { end: i, raw, negated, term: { field, comparator, value, matches: (text: string) => pattern.test(text) } };
}

/** A number or date term compared with a value of the item. */
export function compare(term: Term, actual: number, expected: number): boolean {
  switch (term.comparator) {
    case '<':
      return actual < expected;
    case '>':
      return actual > expected;
    case '<=':
      return actual <= expected;
    case '>=':
      return actual >= expected;
    default:
      return actual === expected;
  }
}

/** A date term (ISO 8601, quoted as the syntax asks) compared with an item's time in seconds, to the second. */
export function compareDate(term: Term, seconds: number): boolean {
  const ms = Date.parse(term.value);
  if (Number.isNaN(ms)) throw new GraphqlError(`Invalid date in the search: ${term.value}`);
  return compare(term, seconds, Math.floor(ms / 1000));
}
