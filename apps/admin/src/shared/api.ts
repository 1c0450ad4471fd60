import {
  Code,
  consolePath,
  consoleRoutes,
  CSRF_HEADER,
  merchantUrl,
  type ConsoleRouteName,
  type Envelope,
  type MerchantRoute,
} from '@return-center/contract';
import type { z } from 'zod';

/** A refusal the merchant should read: the server's message and code (1071 illegal change, 1092 settings conflict…). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    /** The refusal's `data`: refused fields, or the settings' conflict (who saved, their settings). */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

let csrfToken = '';
/** Set from the session answer: every call but a GET sends it. */
export const setCsrfToken = (token: string) => {
  csrfToken = token;
};
let onSignedOut: () => void = () => undefined;
export const whenSignedOut = (handler: () => void) => {
  onSignedOut = handler;
};

export interface ApiAnswer<T> {
  data: T;
  headers: Headers;
}

/**
 * One call to the server with the console's cookie: the answer's `data` checked against its contract schema. A 401
 * signs the console out; any other refusal is an ApiError with the server's message.
 */
export async function api<S extends z.ZodType>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: S,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiAnswer<z.output<S>>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { [CSRF_HEADER]: csrfToken }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, 'The server could not be reached: check your connection and try again', 0);
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
  if (!envelope)
    throw new ApiError(Code.ServerError, `The server answered ${String(response.status)}`, response.status);
  if (response.status === 401) onSignedOut();
  if (envelope.code !== Code.Success) throw new ApiError(envelope.code, envelope.msg, response.status, envelope.data);
  return { data: schema.parse(envelope.data), headers: response.headers };
}

export const get = async <S extends z.ZodType>(path: string, schema: S) => (await api('GET', path, schema)).data;

/**
 * The body as the route's contract schema reads it, or the refusal the server would answer (code 1001, the fields
 * named), without asking it: the console's forms are checked by the schemas the server checks them with.
 */
export function checkedBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const message = result.error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  throw new ApiError(Code.InvalidInput, message, 400);
}

type ConsoleRoutes = typeof consoleRoutes;

/** One of the console's own calls (contract `consoleRoutes`): its body checked first, its answer by its schema. */
export async function consoleCall<N extends ConsoleRouteName>(
  name: N,
  body?: ConsoleRoutes[N] extends { body: z.ZodType } ? z.input<ConsoleRoutes[N]['body']> : undefined,
  id?: number,
): Promise<ApiAnswer<z.output<ConsoleRoutes[N]['answer']>>> {
  const route: ConsoleRoutes[ConsoleRouteName] = consoleRoutes[name];
  const checked = 'body' in route ? checkedBody(route.body, body ?? {}) : undefined;
  // The answer is parsed by the route's own schema; the cast only names the type it parses to.
  return api(route.method, consolePath(name, id), route.answer, checked) as Promise<
    ApiAnswer<z.output<ConsoleRoutes[N]['answer']>>
  >;
}

/**
 * One call of the merchant API the console makes, by its route of the contract's area tables (requestRoutes,
 * ruleRoutes…), checked the same way. A page imports only its area's table, so it builds only the schemas it uses.
 */
export async function merchantCall<R extends MerchantRoute>(
  route: R,
  id: number | string | undefined,
  body?: R extends { body: z.ZodType } ? z.input<R['body']> : undefined,
  headers: Record<string, string> = {},
): Promise<ApiAnswer<z.output<R['answer']>>> {
  const given: unknown = body;
  const checked = route.body ? checkedBody(route.body, given ?? {}) : undefined;
  // The answer is parsed by the route's own schema; the cast only names the type it parses to.
  return api(route.method, merchantUrl(route, id), route.answer, checked, headers) as Promise<
    ApiAnswer<z.output<R['answer']>>
  >;
}
