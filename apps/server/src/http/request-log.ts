import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { HttpDurations } from '../http-durations.js';

/**
 * One log line per request instead of Fastify's two ("incoming" and "completed"): logging is a noticeable part of a
 * short request's cost. The line keeps the request id, and an error still gets its own "request errored" line.
 * With /metrics served, each answer's time is counted here too, by its route's pattern (never the URL a client sent):
 * Fastify calls this for every answer, 404s included, so timing needs no onResponse hook of its own (ADR 045).
 */
export class OneLinePerRequest extends LogController {
  constructor(private readonly durations: HttpDurations | null = null) {
    super();
  }

  override incomingRequest(): void {
    // Said by requestCompleted instead.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.durations) {
      const route = request.routeOptions.url ?? 'unmatched';
      this.durations.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    }
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}
