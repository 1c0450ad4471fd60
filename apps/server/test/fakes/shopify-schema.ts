import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  buildSchema,
  getVariableValues,
  isInputObjectType,
  isListType,
  isNonNullType,
  NoDeprecatedCustomRule,
  typeFromAST,
  validate,
  type DocumentNode,
  type GraphQLError,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Json } from './shopify-admin-json.js';

/**
 * Shopify's public Admin GraphQL schema (../shared/shopify/ beside the project, see its README), against which the fake
 * Admin API checks every document and coerces its variables as Shopify does: a field, argument, enum value or input
 * field Shopify does not have fails the whole request, with Shopify's error codes. Read once per process (it is big);
 * a clone without the file runs unchecked and says so once.
 */
export const SCHEMA_FILE = fileURLToPath(
  new URL('../../../../../shared/shopify/admin-2026-07.graphql', import.meta.url),
);

let schema: GraphQLSchema | null | undefined;

export function adminSchema(): GraphQLSchema | null {
  if (schema === undefined) {
    schema = existsSync(SCHEMA_FILE) ? buildSchema(readFileSync(SCHEMA_FILE, 'utf8')) : null;
    if (!schema)
      console.warn(`Shopify's Admin schema is not at ${SCHEMA_FILE}: the fake Admin API does not check documents.`);
  }
  return schema;
}

/** Each document's validation, once: the adapter sends the same few dozen documents again and again. */
const validated = new Map<string, readonly GraphQLError[]>();

const location = (e: GraphQLError) => (e.locations ? { locations: e.locations } : {});

/**
 * Shopify's answer to a document its schema refuses, or to variables that do not fit their types; null when both
 * are fine, with `variables` then coerced (defaults put in) in `coerced`.
 */
export function checkAgainstSchema(
  text: string,
  document: DocumentNode,
  definition: OperationDefinitionNode,
  variables: Record<string, unknown>,
): { errors: Json[] } | { coerced: Record<string, unknown> } {
  const found = adminSchema();
  if (!found) return { coerced: variables };
  let problems = validated.get(text);
  if (!problems) {
    problems = validate(found, document);
    validated.set(text, problems);
  }
  if (problems.length > 0)
    return {
      errors: problems.map((e) => ({
        message: e.message,
        ...location(e),
        extensions: { code: /^Cannot query field/.test(e.message) ? 'undefinedField' : 'GRAPHQL_VALIDATION_FAILED' },
      })),
    };
  const coerced = getVariableValues(found, definition.variableDefinitions ?? [], variables);
  if (coerced.errors)
    return {
      errors: coerced.errors.map((e) => ({
        message: e.message,
        ...location(e),
        extensions: { code: 'INVALID_VARIABLE' },
      })),
    };
  return { coerced: coerced.coerced };
}

const deprecatedInDocuments = new Map<string, string[]>();

/**
 * What a request uses that Shopify has deprecated (it still takes them, until a version drops them): fields,
 * arguments and enum values of the document, and input fields its variables fill (as sent, before defaults).
 */
export function deprecatedUses(
  text: string,
  document: DocumentNode,
  definition: OperationDefinitionNode,
  variables: Record<string, unknown>,
): string[] {
  const found = adminSchema();
  if (!found) return [];
  let inDocument = deprecatedInDocuments.get(text);
  if (!inDocument) {
    inDocument = validate(found, document, [NoDeprecatedCustomRule]).map((e) => e.message);
    deprecatedInDocuments.set(text, inDocument);
  }
  const inVariables: string[] = [];
  const walk = (type: GraphQLInputType, value: unknown): void => {
    if (value === null || value === undefined) return;
    if (isNonNullType(type)) {
      walk(type.ofType, value);
      return;
    }
    if (isListType(type)) {
      if (Array.isArray(value)) for (const item of value) walk(type.ofType, item);
      return;
    }
    if (!isInputObjectType(type) || typeof value !== 'object') return;
    for (const [name, field] of Object.entries(type.getFields())) {
      const given = (value as Record<string, unknown>)[name];
      if (given === undefined) continue;
      if (field.deprecationReason) inVariables.push(`${type.name}.${name} is deprecated`);
      walk(field.type, given);
    }
  };
  for (const variable of definition.variableDefinitions ?? []) {
    const type = typeFromAST(found, variable.type);
    if (type) walk(type as GraphQLInputType, variables[variable.variable.name.value]);
  }
  return [...inDocument, ...inVariables];
}
