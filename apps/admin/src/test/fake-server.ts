import {
  consolePath,
  consoleRoutes,
  envelope,
  merchantPath,
  merchantRoutes,
  type ConsoleRouteName,
  type MerchantRouteName,
} from '@return-center/contract';
import type { z } from 'zod';

/** A request the console sent through `fetch`. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

export interface Reply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** One route of the contract at one address: how the console calls it and what it answers. */
export interface Route<S extends z.ZodType = z.ZodType> {
  method: string;
  path: string;
  answer: S;
}

type Handler = Reply | ((request: SeenRequest) => Reply | Promise<Reply>);

/** A console route of the contract (`consoleRoutes`), its `{id}` filled in. */
export const consoleRoute = <N extends ConsoleRouteName>(name: N, id?: number) => ({
  method: consoleRoutes[name].method,
  path: consolePath(name, id),
  answer: consoleRoutes[name].answer as (typeof consoleRoutes)[N]['answer'],
});

/** A merchant API route of the contract (`merchantRoutes`), its `{id}` filled in. */
export const merchantRoute = <N extends MerchantRouteName>(name: N, id?: number | string) => ({
  method: merchantRoutes[name].method,
  path: merchantPath(name, id),
  answer: merchantRoutes[name].answer as (typeof merchantRoutes)[N]['answer'],
});

/** A successful answer whose `data` the route's contract schema accepts (fixtures cannot drift from the contract). */
export function ok<S extends z.ZodType>(route: Route<S>, data: z.input<S>, headers?: Record<string, string>): Reply {
  return { body: envelope(route.answer).parse({ code: 1000, msg: 'ok', data }), ...(headers ? { headers } : {}) };
}

/** A refusal as the server gives it: an HTTP status, a code other than 1000 and its message. */
export function refuse(status: number, code: number, msg: string, data: unknown = null): Reply {
  return { status, body: { code, msg, data } };
}

/**
 * Stands in for the server at the network only: answers the routes a test registered, records every request, and
 * lists the ones nobody expected (checked after each test).
 */
export function createFakeServer() {
  let handlers = new Map<string, Handler>();
  let requests: SeenRequest[] = [];
  let unexpected: string[] = [];

  async function fakeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input instanceof Request ? input.url : input, 'http://console.test');
    const request: SeenRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      headers: { ...(init.headers as Record<string, string>) },
    };
    requests.push(request);
    const handler = handlers.get(`${request.method} ${request.path}`);
    if (!handler) unexpected.push(`${request.method} ${request.path}`);
    const reply = !handler
      ? refuse(404, 1004, 'not stubbed')
      : typeof handler === 'function'
        ? await handler(request)
        : handler;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  }

  return {
    fetch: fakeFetch,
    /** Answers `route` with `reply` until the test ends (a function answers each request as it comes). */
    on(route: Route, reply: Handler) {
      handlers.set(`${route.method} ${route.path}`, reply);
    },
    /** The requests sent to `route`, oldest first. */
    sentTo(route: Route): SeenRequest[] {
      return requests.filter((r) => r.method === route.method && r.path === route.path);
    },
    get unexpected(): readonly string[] {
      return unexpected;
    },
    reset() {
      handlers = new Map();
      requests = [];
      unexpected = [];
    },
  };
}

export type FakeServer = ReturnType<typeof createFakeServer>;
