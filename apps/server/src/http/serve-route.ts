import { Code } from '@return-center/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';

/**
 * An answer already turned into JSON, sent inside the envelope as it is: for large answers that stay the same for
 * many requests (a shop's configuration), so that they are not serialized again for each one.
 */
export class SerializedAnswer<T> {
  /** Only for the type: the answer this JSON stands for. */
  declare readonly answer: T;
  constructor(readonly json: string) {}
}

/** A success sent as it is, outside the envelope: a file (the CSV export), as a string or a stream. */
export class MediaAnswer<T> {
  /** Only for the type: the answer this body stands for. */
  declare readonly answer: T;
  constructor(
    readonly type: string,
    readonly body: string | NodeJS.ReadableStream,
    readonly headers: Record<string, string> = {},
  ) {}
}

/**
 * One route of a contract table, read by `portalCall`, `merchantRoute` or `consoleRoute` (contract-routes.ts): where
 * it is mounted, how its input and its caller are read, and (for the type only) what it answers.
 */
export interface ServedRoute<Input, Caller, Id, Answer> {
  method: HTTPMethods;
  urls: readonly string[];
  /** The shopper's calls read their input before the session; the REST routes tell who calls first (401 before 400). */
  callerFirst: boolean;
  caller: (request: FastifyRequest) => Promise<Caller>;
  /** The `{id}` of the path, checked (the console's and the merchant's routes); read after the caller. */
  id: (request: FastifyRequest) => Id;
  input: (request: FastifyRequest) => Input;
  /** A body kept as sent, for a route that reads it itself: a streamed import, a signed webhook. */
  rawBody?: 'string' | 'buffer';
  bodyLimit?: number;
  /** Only for the type: what the handler answers. */
  answer?: Answer;
}

export interface Served<Input, Caller, Id> {
  input: Input;
  caller: Caller;
  id: Id;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * The one way a contract route is served: its input parsed with the contract's schema, its caller resolved (a session,
 * a key, a staff account, or none for a public route), and the answer sent in the `{code, msg, data}` envelope.
 * Refusals are thrown as AppErrors; the error handler gives them the status each API answers with.
 */
export function serveRoute<Input, Caller, Id, Answer>(
  app: FastifyInstance,
  route: ServedRoute<Input, Caller, Id, Answer>,
  handler: (served: Served<Input, Caller, Id>) => Promise<Answer | SerializedAnswer<Answer> | MediaAnswer<Answer>>,
): void {
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const read = () => ({ id: route.id(request), input: route.input(request) });
    // Properties are evaluated in order: this order decides which refusal a request that earns two of them gets.
    const served = route.callerFirst
      ? { caller: await route.caller(request), ...read() }
      : { ...read(), caller: await route.caller(request) };
    const data = await handler({ ...served, request, reply });
    if (data instanceof MediaAnswer) {
      void reply.type(data.type).headers(data.headers);
      return data.body;
    }
    if (!(data instanceof SerializedAnswer)) return { code: Code.Success, msg: 'ok', data: data ?? null };
    void reply.type('application/json; charset=utf-8');
    return `{"code":${String(Code.Success)},"msg":"ok","data":${data.json}}`;
  };
  const mount = (scope: FastifyInstance) => {
    for (const url of route.urls)
      scope.route({
        method: route.method,
        url,
        handler: handle,
        ...(route.bodyLimit && { bodyLimit: route.bodyLimit }),
      });
  };
  const { rawBody, bodyLimit } = route;
  if (!rawBody) {
    mount(app);
    return;
  }
  // A scope of its own, so that only this route keeps its JSON body unparsed.
  void app.register((scope, _options, registered) => {
    scope.addContentTypeParser('application/json', { parseAs: rawBody, bodyLimit }, (_request, body, done) => {
      done(null, body);
    });
    mount(scope);
    registered();
  });
}
