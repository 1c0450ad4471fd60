import {
  GraphQLError,
  Kind,
  OperationTypeNode,
  parse,
  valueFromASTUntyped,
  type DocumentNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * The fake Admin API's view of one request: its operation (query or mutation, read by graphql-js) as root fields,
 * each with its arguments (variables put in), directives and selections (inline fragments merged), and Shopify's
 * documented cost rule over it (https://shopify.dev/docs/api/usage/limits#cost-calculation): scalars 0, an object 1,
 * a connection 2 plus `first` times one of its nodes, a mutation 10. Shopify asks for that cost up front and keeps
 * what the answer turned out to cost (connections counted by the nodes they answered): `actualCostOf`.
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
  /** What graphql-js read, for checking against Shopify's schema. */
  document: DocumentNode;
  definition: OperationDefinitionNode;
}

export class GraphqlSyntaxError extends Error {}

/** The one operation of a request (a query that does not read as GraphQL, or holds another number, is refused). */
export function readOperation(text: string): { document: DocumentNode; definition: OperationDefinitionNode } {
  let document: DocumentNode;
  try {
    document = parse(text, { noLocation: false });
  } catch (error) {
    throw new GraphqlSyntaxError(error instanceof GraphQLError ? error.message : String(error));
  }
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const [definition] = operations;
  if (operations.length !== 1 || !definition) throw new GraphqlSyntaxError('Send exactly one operation');
  if (definition.operation === OperationTypeNode.SUBSCRIPTION)
    throw new GraphqlSyntaxError('Subscriptions are not supported');
  return { document, definition };
}

/** The operation's root fields with `variables` (already checked and coerced) put into their arguments. */
export function parseOperation(text: string, variables: Record<string, unknown>): Operation {
  return operationOf(readOperation(text), variables);
}

export function operationOf(
  { document, definition }: { document: DocumentNode; definition: OperationDefinitionNode },
  variables: Record<string, unknown>,
): Operation {
  const fields = (set: SelectionSetNode | undefined): Field[] =>
    (set?.selections ?? []).flatMap((selection): Field[] => {
      if (selection.kind === Kind.INLINE_FRAGMENT) return fields(selection.selectionSet);
      if (selection.kind !== Kind.FIELD) throw new GraphqlSyntaxError('Named fragments are not supported here');
      const values = (args: readonly { name: { value: string }; value: Parameters<typeof valueFromASTUntyped>[0] }[]) =>
        Object.fromEntries(args.map((a) => [a.name.value, valueFromASTUntyped(a.value, variables)]));
      return [
        {
          name: selection.name.value,
          alias: selection.alias?.value ?? null,
          args: values(selection.arguments ?? []),
          directives: Object.fromEntries(
            (selection.directives ?? []).map((d) => [d.name.value, values(d.arguments ?? [])]),
          ),
          children: fields(selection.selectionSet),
        },
      ];
    });
  return {
    kind: definition.operation === OperationTypeNode.MUTATION ? 'mutation' : 'query',
    name: definition.name?.value ?? '',
    fields: fields(definition.selectionSet),
    document,
    definition,
  };
}

/** A selection's child by name, e.g. `metafield` under `order`. */
export const child = (field: Field, name: string) => field.children.find((f) => f.name === name);

/** Shopify's requested cost of an operation. */
export function costOf(operation: Operation): number {
  if (operation.kind === 'mutation') return 10 * operation.fields.length;
  return operation.fields.reduce((sum, f) => sum + fieldCost(f), 0);
}

/**
 * What the answer cost: as requested, but each connection counted by the nodes it answered instead of its `first`
 * (Shopify gives the difference back to the bucket). A mutation costs what it asked.
 */
export function actualCostOf(operation: Operation, data: Record<string, unknown>): number {
  if (operation.kind === 'mutation') return costOf(operation);
  return operation.fields.reduce((sum, f) => sum + fieldCost(f, data[f.alias ?? f.name] ?? null), 0);
}

/** A field's cost; given its answer (`undefined`: not answered yet), connections count what they hold. */
function fieldCost(field: Field, answer?: unknown): number {
  if (field.children.length === 0) return 0;
  const asked = answer !== undefined;
  if (asked && (answer === null || typeof answer !== 'object')) return 0;
  const first = typeof field.args.first === 'number' ? field.args.first : null;
  const ids = Array.isArray(field.args.ids) ? field.args.ids.length : null;
  const count = first ?? ids;
  if (count === null) {
    const each = (item: unknown) =>
      1 + field.children.reduce((sum, f) => sum + fieldCost(f, asked ? member(item, f) : undefined), 0);
    // A plain list of objects (not a connection) costs as one of them.
    return asked && Array.isArray(answer) ? (answer.length > 0 ? each(answer[0]) : 1) : each(answer);
  }
  const nodesField = child(field, 'nodes') ?? child(field, 'edges');
  const holder = nodesField ?? field;
  const items = asked ? answeredItems(answer, nodesField) : null;
  const one = (item: unknown) =>
    1 +
    holder.children.reduce(
      (sum, f) => sum + (f.name === 'pageInfo' ? 0 : fieldCost(f, asked ? member(item, f) : undefined)),
      0,
    );
  const nodes = items === null ? count * one(undefined) : items.reduce((sum: number, item) => sum + one(item), 0);
  return (ids === null ? 2 : 0) + nodes;
}

const member = (item: unknown, f: Field): unknown =>
  item && typeof item === 'object' ? ((item as Record<string, unknown>)[f.alias ?? f.name] ?? null) : null;

/** The items a connection (its nodes or edges) or a `nodes(ids:)` list answered. */
function answeredItems(answer: unknown, nodesField: Field | undefined): unknown[] {
  if (Array.isArray(answer)) return answer;
  const list = nodesField ? member(answer, nodesField) : null;
  return Array.isArray(list) ? list : [];
}
