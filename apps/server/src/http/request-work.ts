import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TraceSpan, Tracing } from '../tracing.js';
import { runAs } from '../work-context.js';

/**
 * Each request runs as its own work (work-context.ts, ADR 051): the jobs it queues remember its id, and the vendor
 * calls it makes log on its logger. With traces on, it also gets a server span named by its route's pattern (never
 * the URL a client sent), ended with its status.
 */
export function requestWork(app: FastifyInstance, tracing: Tracing | null): void {
  const spans = new WeakMap<FastifyRequest, TraceSpan>();
  // `done` runs the rest of the request (body, validation, handler) inside the work, as @fastify/request-context does.
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const span =
      tracing?.start(route ? `${request.method} ${route}` : request.method, {
        kind: 'server',
        attributes: { 'http.request.method': request.method, 'http.route': route ?? 'unmatched' },
      }) ?? null;
    if (span) spans.set(request, span);
    runAs({ log: request.log, reqId: request.id, span }, done);
  });
  if (!tracing) return;
  const failed = new WeakSet<FastifyRequest>();
  app.addHook('onError', (request, _reply, error, done) => {
    spans.get(request)?.fail(error);
    failed.add(request);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.set({ 'http.response.status_code': reply.statusCode });
      if (reply.statusCode >= 500 && !failed.has(request)) span.fail(new Error(`HTTP ${String(reply.statusCode)}`));
      span.end();
    }
    done();
  });
}
