import { Stream } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { errors } from './app-error.js';

/** Parsed JSON and query strings only: a streamed upload body is bytes, not text, and is never walked. */
const isPlainData = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && !(value instanceof Stream) && !ArrayBuffer.isView(value);

const hasNul = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || !isPlainData(value)) return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || hasNul(inner, depth + 1));
};

/**
 * No text we store may hold a NUL character: PostgreSQL refuses it (a 500), SQLite truncates it in places. Every
 * body, query and path parameter with one is refused at the edge with the usual bad-input answer.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    if (hasNul(request.body) || hasNul(request.query) || hasNul(request.params)) {
      done(errors.invalidInput('Text may not contain NUL characters'));
      return;
    }
    done();
  });
}
