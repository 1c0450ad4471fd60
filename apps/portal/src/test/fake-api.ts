import { envelope, type CallDef } from '@return-center/contract';
import type { z } from 'zod';

/** A request the portal sent: through `fetch`, or (for the upload PUT) through XMLHttpRequest. */
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
}

type Call = CallDef & { path: string };
type Handler = Reply | ((request: SeenRequest) => Reply | Promise<Reply>);

/** A successful answer whose `data` the call's contract schema accepts (so fixtures cannot drift from the contract). */
export function ok<C extends Call>(call: C, data: z.input<C['answer']>): Reply {
  return { body: envelope(call.answer).parse({ code: 1000, msg: 'ok', data }) };
}

/** A business failure (`code` other than 1000) as the contract allows it: `data` may be null. */
export function fail<C extends Call>(
  call: C,
  code: number,
  msg: string,
  data: z.input<C['answer']> | null = null,
): Reply {
  return { body: envelope(call.answer.nullable()).parse({ code, msg, data }) };
}

/**
 * Stands in for the network only: answers the calls a test registered, records every request, and lists the ones
 * nobody expected (checked after each test).
 */
export function createFakeApi() {
  let handlers = new Map<string, Handler>();
  let requests: SeenRequest[] = [];
  let unexpected: string[] = [];

  async function respond(request: SeenRequest): Promise<Reply> {
    const handler = handlers.get(`${request.method} ${request.path}`) ?? handlers.get(`${request.method} *`);
    if (!handler) {
      unexpected.push(`${request.method} ${request.path}`);
      return { status: 404, body: { code: 1004, msg: 'not stubbed', data: null } };
    }
    return typeof handler === 'function' ? handler(request) : handler;
  }

  async function fakeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input instanceof Request ? input.url : input, 'http://portal.test');
    const request: SeenRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      headers: { ...(init.headers as Record<string, string>) },
    };
    requests.push(request);
    const reply = await respond(request);
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  }

  /** The upload PUT goes through XMLHttpRequest (for its progress events); this one reports full progress. */
  class FakeXhr {
    status = 0;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: Blob) {
      const url = new URL(this.url, 'http://portal.test');
      const request: SeenRequest = {
        method: this.method,
        path: url.origin === 'http://portal.test' ? url.pathname : url.href,
        query: Object.fromEntries(url.searchParams),
        body,
        headers: this.headers,
      };
      requests.push(request);
      setTimeout(() => {
        respond(request).then(
          (reply) => {
            this.upload.onprogress?.({ lengthComputable: true, loaded: body.size, total: body.size } as ProgressEvent);
            this.status = reply.status ?? 200;
            this.onload?.();
          },
          // A handler that throws fails the upload as a network error would (as it fails `fetch` above).
          () => this.onerror?.(),
        );
      }, 0);
    }
  }

  return {
    fetch: fakeFetch,
    XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest,
    /** Answers `call` with `reply` until the test ends. */
    on(call: Call, reply: Handler) {
      handlers.set(`${call.method} ${call.path}`, reply);
    },
    /** Answers the upload PUT to any URL (the storage service's `status`). */
    onPut(reply: Handler) {
      handlers.set('PUT *', reply);
    },
    get requests(): readonly SeenRequest[] {
      return requests;
    },
    /** The JSON bodies sent to `call`, oldest first. */
    bodiesOf(call: Call): unknown[] {
      return requests.filter((r) => r.path === call.path).map((r) => r.body);
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

export type FakeApi = ReturnType<typeof createFakeApi>;
