import { API_BASES, Code, type CallDef } from '@return-center/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { describeFields, errors, fieldErrorsOf } from './app-error.js';

/**
 * An answer already turned into JSON, sent inside the envelope as it is: for large answers that stay the same for
 * many requests (a shop's configuration), so that they are not serialized again for each one.
 */
export class SerializedAnswer<T> {
  /** Only for the type: the answer this JSON stands for. */
  declare readonly answer: T;
  constructor(readonly json: string) {}
}

export interface CallContext {
  request: FastifyRequest;
  ip: string;
}

export interface Authenticator<S> {
  (request: FastifyRequest): Promise<S | null>;
}

/** Explains a schema failure in one readable line: `email: Invalid email address`. */
export function describeIssues(error: z.ZodError): string {
  return describeFields(fieldErrorsOf(error));
}

/** The value as the schema reads it, or a refusal (1001) that names each field in `data.errors`: merchant routes. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw errors.invalidFields(fieldErrorsOf(result.error));
  return result.data;
}

/**
 * Mounts one contract call under both API bases (spec §7): validates the payload with the
 * contract schema, resolves the session for auth calls, and wraps the answer in the envelope.
 */
export function registerCall<C extends CallDef, S>(
  app: FastifyInstance,
  call: C,
  authenticate: Authenticator<S>,
  handler: (
    input: z.output<C['payload']>,
    session: C['auth'] extends true ? S : S | null,
    ctx: CallContext,
  ) => Promise<z.input<C['answer']> | SerializedAnswer<z.input<C['answer']>>>,
): void {
  const route = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = call.method === 'GET' ? request.query : (request.body ?? {});
    const parsed = call.payload.safeParse(raw);
    if (!parsed.success) throw errors.invalidInput(describeIssues(parsed.error));
    const session = await authenticate(request);
    if (call.auth && !session) throw errors.sessionExpired();
    const data = await handler(parsed.data as z.output<C['payload']>, session as never, { request, ip: request.ip });
    if (!(data instanceof SerializedAnswer)) return { code: Code.Success, msg: 'ok', data };
    void reply.type('application/json; charset=utf-8');
    return `{"code":${String(Code.Success)},"msg":"ok","data":${data.json}}`;
  };
  for (const base of Object.values(API_BASES)) {
    app.route({ method: call.method, url: `${base}/${call.name}`, handler: route });
  }
}
