import { Code, MERCHANT_BASE, messages } from '@return-center/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PlatformBusy } from '../adapters/store-platform/port.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError, errors } from './app-error.js';

const API_PREFIXES = ['/admin/api', '/go-api/', '/v1/', '/merchant/', '/dev/', '/health', '/ready', '/metrics'];
export const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));
/** The merchant's REST routes: refusals answer the status a REST client expects, not 200 (ADR 025). */
const isRestPath = (url: string) => url.startsWith(`${MERCHANT_BASE}/`);

/** Turns every failure into the `{code, msg, data}` envelope; only 5xx messages are hidden. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter));
      const status = isRestPath(request.url) ? error.restStatus : error.httpStatus;
      return reply.status(status).send({ code: error.code, msg: error.message, data: error.data });
    }
    if (error instanceof PlatformBusy) {
      // The store platform's rate limit is spent for now (a busy Shopify shop): a moment later may work.
      request.log.warn({ err: error }, 'store platform busy');
      const busy = errors.busy();
      void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(busy.httpStatus).send({ code: busy.code, msg: busy.message, data: null });
    }
    if (isUniqueViolation(error)) {
      // Two requests raced for the same row; the loser is told to try again instead of seeing a server error.
      return reply.status(409).send({ code: Code.InvalidInput, msg: messages.concurrentChange, data: null });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ code: Code.ServerError, msg: messages.serverError, data: null });
    }
    const msg =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'Malformed JSON body'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Request body is too large'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type, send application/json'
            : error.message;
    return reply.status(status).send({ code: Code.InvalidInput, msg, data: null });
  });
}

/** Errors the router raises before any handler (a bad URL, an over-long path id) get the envelope too. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(error.statusCode ?? 400).send({ code: Code.InvalidInput, msg: error.message, data: null });
}
