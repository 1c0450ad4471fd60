import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { TraceSpan } from './tracing.js';

/**
 * The request or job being worked on, wherever in its code we are: its logger (bound to its `reqId`, and for a job its
 * `jobId` and `kind`), the request id that started it, and its span when traces are sent (ADR 051). Read by the
 * outbox (a job remembers the request that queued it) and by the vendor-call wrapper (vendor-calls.ts), so no id is
 * threaded through the services' signatures.
 */
export interface Work {
  log: FastifyBaseLogger;
  /** The Fastify request id of the HTTP request this work started from, if any. */
  reqId: string | null;
  span: TraceSpan | null;
}

const current = new AsyncLocalStorage<Work>();

/** Runs `fn` as `work`: everything it calls, awaits and schedules sees it as the current work. */
export function runAs<T>(work: Work, fn: () => T): T {
  return current.run(work, fn);
}

/** The request or job being worked on; undefined outside both (start-up, sweeps). */
export function currentWork(): Work | undefined {
  return current.getStore();
}
