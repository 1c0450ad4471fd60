import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './error-handler.js';

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Serves the built portal and its assets; any unknown non-API GET falls back to index.html
 * (the portal's router decides), an unknown API path gets a 404 envelope.
 */
export async function servePortal(
  app: FastifyInstance,
  options: { dist: string; defaultShop: string; assets: string; embedOrigins(shopUrl: string): Promise<string[]> },
) {
  await app.register(fastifyStatic, {
    root: options.assets,
    prefix: '/catalogue/',
    decorateReply: false,
    maxAge: '1d',
  });
  const indexFile = join(options.dist, 'index.html');
  const hasPortal = existsSync(indexFile);
  const indexHtml = hasPortal
    ? readFileSync(indexFile, 'utf8').replaceAll('%RETURN_CENTER_SHOP%', escapeAttr(options.defaultShop))
    : '<!doctype html><title>Return Center</title><p>The portal is not built. Run <code>npm start</code>.</p>';
  if (hasPortal) {
    await app.register(fastifyStatic, {
      root: options.dist,
      prefix: '/',
      index: false,
      // Routes only for files that exist, so "/" and unknown paths fall through to the SPA fallback.
      wildcard: false,
      allowedPath: (path) => path !== '/index.html',
      setHeaders: (res, path) => {
        if (path.includes('/assets/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isApiPath(path) || request.method !== 'GET') {
      return reply.status(404).send({ code: 404, msg: 'Request error, the resource was not found', data: null });
    }
    // Only the shop's own allowlisted sites may frame the portal (spec §2 embedding).
    const shop = String((request.query as { shop?: string }).shop ?? options.defaultShop).toLowerCase();
    const origins = await options.embedOrigins(shop).catch(() => []);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', `frame-ancestors 'self'${origins.map((o) => ` ${o}`).join('')}`)
      .send(indexHtml);
  });
}
