/**
 * Just enough GraphQL for the fake Admin API: one operation (query or mutation) read into its root fields, each with
 * its arguments (variables put in), directives and selections (inline fragments merged), and Shopify's documented
 * cost rule over it (https://shopify.dev/docs/api/usage/limits#cost-calculation): scalars 0, an object 1, a
 * connection 2 plus `first` times one of its nodes, a mutation 10. A query that does not read as GraphQL is refused.
 */

export interface Field {
  name: string;
  alias: string | null;
  args: Record<string, unknown>;
  directives: Record<string, Record<string, unknown>>;
  children: Field[];
}

export interface Operation {
  kind: 'query' | 'mutation';
  name: string;
  fields: Field[];
}

export class GraphqlSyntaxError extends Error {}

const TOKEN =
  /\s+|,|#[^\n]*|\.\.\.|[{}()[\]:$@!=]|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|"(?:[^"\\]|\\.)*"|[_A-Za-z][_0-9A-Za-z]*/y;

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) throw new GraphqlSyntaxError(`Unexpected character at ${String(at)}: ${text.slice(at, at + 10)}`);
    const token = match[0];
    if (!/^(\s+|,|#.*)$/s.test(token)) tokens.push(token);
  }
  return tokens;
}

export function parseOperation(text: string, variables: Record<string, unknown>): Operation {
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at];
  const next = () => {
    const token = tokens[at++];
    if (token === undefined) throw new GraphqlSyntaxError('Unexpected end of the query');
    return token;
  };
  const expect = (token: string) => {
    const got = next();
    if (got !== token) throw new GraphqlSyntaxError(`Expected ${token}, found ${got}`);
  };
  const value = (): unknown => {
    const token = next();
    if (token === '$') {
      const name = next();
      return variables[name] ?? null;
    }
    if (token.startsWith('"')) return JSON.parse(token) as string;
    if (/^-?\d/.test(token)) return Number(token);
    if (token === 'true' || token === 'false') return token === 'true';
    if (token === 'null') return null;
    if (token === '[') {
      const list: unknown[] = [];
      while (peek() !== ']') list.push(value());
      next();
      return list;
    }
    if (token === '{') {
      const object: Record<string, unknown> = {};
      while (peek() !== '}') {
        const key = next();
        expect(':');
        object[key] = value();
      }
      next();
      return object;
    }
    if (/^[_A-Za-z]/.test(token)) return token;
    throw new GraphqlSyntaxError(`Unexpected ${token}`);
  };
  const args = (): Record<string, unknown> => {
    const found: Record<string, unknown> = {};
    if (peek() !== '(') return found;
    next();
    while (peek() !== ')') {
      const key = next();
      expect(':');
      found[key] = value();
    }
    next();
    return found;
  };
  const selections = (): Field[] => {
    expect('{');
    const fields: Field[] = [];
    while (peek() !== '}') {
      if (peek() === '...') {
        next();
        expect('on');
        next();
        fields.push(...selections());
        continue;
      }
      let name = next();
      let alias: string | null = null;
      if (peek() === ':') {
        next();
        alias = name;
        name = next();
      }
      const fieldArgs = args();
      const directives: Field['directives'] = {};
      while (peek() === '@') {
        next();
        directives[next()] = args();
      }
      fields.push({ name, alias, args: fieldArgs, directives, children: peek() === '{' ? selections() : [] });
    }
    next();
    return fields;
  };
  const kind = next();
  if (kind !== 'query' && kind !== 'mutation') throw new GraphqlSyntaxError(`Unknown operation type ${kind}`);
  const name = peek() === '(' || peek() === '{' ? '' : next();
  if (peek() === '(') {
    // Variable definitions: their types are not checked here.
    let depth = 0;
    do {
      const token = next();
      if (token === '(') depth++;
      if (token === ')') depth--;
    } while (depth > 0);
  }
  const fields = selections();
  if (at !== tokens.length) throw new GraphqlSyntaxError(`Unexpected ${String(peek())} after the operation`);
  return { kind, name, fields };
}

/** A selection's child by name, e.g. `metafield` under `order`. */
export const child = (field: Field, name: string) => field.children.find((f) => f.name === name);

/** Shopify's requested cost of an operation. */
export function costOf(operation: Operation): number {
  if (operation.kind === 'mutation') return 10 * operation.fields.length;
  return operation.fields.reduce((sum, f) => sum + fieldCost(f), 0);
}

function fieldCost(field: Field): number {
  if (field.children.length === 0) return 0;
  const first = typeof field.args.first === 'number' ? field.args.first : null;
  const ids = Array.isArray(field.args.ids) ? field.args.ids.length : null;
  const count = first ?? ids;
  if (count === null) return 1 + field.children.reduce((sum, f) => sum + fieldCost(f), 0);
  const nodes = child(field, 'nodes') ?? child(field, 'edges');
  const each = 1 + (nodes ?? field).children.reduce((sum, f) => sum + (f.name === 'pageInfo' ? 0 : fieldCost(f)), 0);
  return (ids === null ? 2 : 0) + count * each;
}
