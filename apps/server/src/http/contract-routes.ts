import {
  API_BASES,
  consoleRoutePattern,
  consoleRoutes,
  isId,
  merchantRoutePattern,
  merchantRoutes,
  type CallDef,
  type ConsoleRouteName,
  type MerchantRouteName,
} from '@return-center/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { describeIssues, errors, parseInput } from './app-error.js';
import type { ServedRoute } from './serve-route.js';

/** The value as the schema reads it, or a refusal (1001) with one readable line: the portal's and console's calls. */
function parseOrRefuse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw errors.invalidInput(describeIssues(result.error));
  return result.data;
}

const pathId = (request: FastifyRequest) => (request.params as { id?: string }).id;

/** Input of a route with a body or a query schema, or nothing. */
type InputOf<D> = D extends { body: z.ZodType }
  ? z.output<D['body']>
  : D extends { query: z.ZodType }
    ? z.output<D['query']>
    : undefined;
type AnswerOf<D> = D extends { answer: z.ZodType } ? z.input<D['answer']> : never;

export type Authenticator<S> = (request: FastifyRequest) => Promise<S | null>;

/**
 * A call of the shopper's portal (contract `calls`), under both API bases (spec §7): the payload is read first, then
 * the session, which a call with `auth` needs (code 1005 without one) and the others get if there is one.
 */
export function portalCall<C extends CallDef, S>(
  call: C,
  authenticate: Authenticator<S>,
): ServedRoute<z.output<C['payload']>, C['auth'] extends true ? S : S | null, undefined, z.input<C['answer']>> {
  return {
    method: call.method,
    urls: Object.values(API_BASES).map((base) => `${base}/${call.name}`),
    callerFirst: false,
    caller: async (request) => {
      const session = await authenticate(request);
      if (call.auth && !session) throw errors.sessionExpired();
      return session as C['auth'] extends true ? S : S | null;
    },
    id: () => undefined,
    input: (request) => parseOrRefuse<C['payload']>(call.payload, call.method === 'GET' ? request.query : request.body),
  };
}

type ConsoleDef<N extends ConsoleRouteName> = (typeof consoleRoutes)[N];
/** A public console route (signing in) has no caller; the others a signed-in account, the owner where it says so. */
type ConsoleCaller<N extends ConsoleRouteName, S> = ConsoleDef<N>['access'] extends 'public' ? null : S;

/** A route of the merchant console (contract `consoleRoutes`); `staff` resolves the signed-in account, or refuses. */
export function consoleRoute<N extends ConsoleRouteName, S>(
  name: N,
  staff: (request: FastifyRequest, access: 'staff' | 'owner') => Promise<S>,
): ServedRoute<InputOf<ConsoleDef<N>>, ConsoleCaller<N, S>, number, AnswerOf<ConsoleDef<N>>> {
  const def: (typeof consoleRoutes)[ConsoleRouteName] = consoleRoutes[name];
  const schema = 'body' in def ? def.body : 'query' in def ? def.query : undefined;
  return {
    method: def.method,
    urls: [consoleRoutePattern(name)],
    callerFirst: true,
    caller: async (request) =>
      (def.access === 'public' ? null : await staff(request, def.access)) as ConsoleCaller<N, S>,
    id: (request) => {
      const raw = pathId(request);
      if (raw !== undefined && !isId(Number(raw))) throw errors.notFound();
      return Number(raw ?? 0);
    },
    input: (request) =>
      (schema && parseOrRefuse(schema, 'body' in def ? request.body : request.query)) as InputOf<ConsoleDef<N>>,
  };
}

type MerchantDef<N extends MerchantRouteName> = (typeof merchantRoutes)[N];
type RawBody = 'string' | 'buffer';
type MerchantInput<N extends MerchantRouteName, R> = R extends 'string'
  ? string
  : R extends 'buffer'
    ? Buffer
    : InputOf<MerchantDef<N>>;
type MerchantId<N extends MerchantRouteName> =
  MerchantDef<N> extends { id: z.ZodType } ? z.output<MerchantDef<N>['id']> : undefined;

/**
 * A route of the merchant REST API (contract `merchantRoutes`): the caller first (a key, a console session, a
 * signature), then the path's `{id}` when the contract gives it a schema, then the body or query, each refused field
 * named in `data.errors`. A route with `rawBody` gets its body as sent and reads it itself.
 */
export function merchantRoute<N extends MerchantRouteName, C, R extends RawBody | undefined = undefined>(
  name: N,
  caller: (request: FastifyRequest) => Promise<C>,
  options: { rawBody?: R; bodyLimit?: number } = {},
): ServedRoute<MerchantInput<N, R>, C, MerchantId<N>, AnswerOf<MerchantDef<N>>> {
  const def: (typeof merchantRoutes)[MerchantRouteName] = merchantRoutes[name];
  const { rawBody, bodyLimit } = options;
  return {
    method: def.method,
    urls: [merchantRoutePattern(name)],
    callerFirst: true,
    caller,
    id: (request) => {
      const schema = 'id' in def ? def.id : undefined;
      if (!schema) return undefined as MerchantId<N>;
      const id = schema.safeParse(pathId(request));
      if (!id.success) throw errors.invalidFields([{ field: 'id', message: id.error.issues[0]?.message ?? 'invalid' }]);
      return id.data as MerchantId<N>;
    },
    input: (request) => (rawBody ? rawOf(request.body, rawBody) : parsedOf(def, request)) as MerchantInput<N, R>,
    rawBody,
    bodyLimit,
  };
}

/** A body without a JSON content type never reached the raw parser: it reads as empty. */
const rawOf = (body: unknown, kind: RawBody) =>
  kind === 'string' ? (typeof body === 'string' ? body : '') : Buffer.isBuffer(body) ? body : Buffer.alloc(0);

function parsedOf(def: (typeof merchantRoutes)[MerchantRouteName], request: FastifyRequest) {
  if ('body' in def) return parseInput(def.body, request.body);
  if ('query' in def) return parseInput(def.query, request.query);
  return undefined;
}
