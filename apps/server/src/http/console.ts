import { Code, CONSOLE_BASE, messages } from '@return-center/contract';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The placeholder the console build puts in every nonce attribute (scripts/front-end-build.mjs `html.cspNonce`). */
const NONCE_PLACEHOLDER = 'RETURN_CENTER_NONCE';

/**
 * The console's policy: its own scripts by nonce, nothing framing it (it holds a signed-in merchant), images from
 * anywhere on HTTPS (a shop's logo and its shoppers' photos may be on a CDN), and it may frame only the portal (the
 * settings' live preview).
 */
export const consoleCsp = (nonce: string) =>
  [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob: https:",
    "frame-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** Serves the built console (apps/admin) at /admin; every /admin path but its API and files gets its page. */
export async function serveConsole(app: FastifyInstance, dist: string): Promise<void> {
  const indexFile = join(dist, 'index.html');
  const built = existsSync(indexFile);
  const indexHtml = built
    ? readFileSync(indexFile, 'utf8')
    : '<!doctype html><title>Return Center console</title><p>The console is not built. Run <code>npm start</code>.</p>';
  if (built)
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/admin/',
      index: false,
      wildcard: false,
      decorateReply: false,
      allowedPath: (path) => path !== '/index.html',
      // As the portal's: the build writes .br and .gz beside each file (scripts/precompress.mjs).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  const page = async (request: { url: string }, reply: import('fastify').FastifyReply) => {
    if (request.url.startsWith(`${CONSOLE_BASE}/`) || request.url === CONSOLE_BASE)
      return reply.status(404).send({ code: Code.RouteNotFound, msg: messages.notFound, data: null });
    const nonce = randomBytes(16).toString('base64');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', consoleCsp(nonce))
      .send(indexHtml.replaceAll(NONCE_PLACEHOLDER, nonce));
  };
  app.get('/admin', page);
  app.get('/admin/*', page);
}
