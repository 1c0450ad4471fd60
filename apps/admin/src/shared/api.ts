import { Code, CSRF_HEADER, type Envelope } from '@return-center/contract';
import type { z } from 'zod';

/** A refusal the merchant should read: the server's message and code (1071 illegal change, 1092 settings conflict…). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
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
  if (envelope.code !== Code.Success) throw new ApiError(envelope.code, envelope.msg, response.status);
  return { data: schema.parse(envelope.data), headers: response.headers };
}

export const get = async <S extends z.ZodType>(path: string, schema: S) => (await api('GET', path, schema)).data;
