import { BOOT_DATA_ID, Code, messages, type BootData } from '@return-center/contract';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from './error-handler.js';

const BROTLI_FAST = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** br when the client takes it, else gzip, else none (q=0 refuses an encoding). */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Puts the data into the page as inert JSON; `<` is escaped so no value can close the block. */
function withBootData(html: string, data: BootData | null, nonce: string): string {
  if (data === null || !html.includes('</head>')) return html;
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return html.replace(
    '</head>',
    `<script type="application/json" id="${BOOT_DATA_ID}" nonce="${nonce}">${json}</script></head>`,
  );
}

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The placeholder the portal build puts in every nonce attribute (scripts/front-end-build.mjs `html.cspNonce`). */
const NONCE_PLACEHOLDER = 'RETURN_CENTER_NONCE';

/**
 * The portal's Content Security Policy. Scripts run only when the page itself names them with this response's
 * nonce, or when those scripts load them ('strict-dynamic'; 'self' for browsers before CSP 3), so markup injected
 * anywhere runs nothing. Inline styles need the nonce too (the theme and the merchant's sanitised CSS get it from the
 * page). Nothing can be embedded as an object, only the shop's allowlisted sites may frame it, and styles, images and
 * fonts come only from us and the shop's own asset origins (its logo, background and font). Uploads may go to S3.
 */
export function portalCsp(policy: ShopPolicy, nonce: string): string {
  const assets = policy.assetOrigins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    `style-src 'self' 'nonce-${nonce}'${assets}`,
    `img-src 'self' data: blob:${assets}`,
    `font-src 'self' data:${assets}`,
    "connect-src 'self' https:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors 'self'${policy.frameOrigins.map((o) => ` ${o}`).join('')}`,
  ].join('; ');
}

export interface ShopPolicy {
  /** Sites allowed to frame the portal. */
  frameOrigins: string[];
  /** Where the shop's logo, background and fonts come from. */
  assetOrigins: string[];
}

/**
 * Serves the built portal and its assets; any unknown non-API GET falls back to index.html
 * (the portal's router decides), an unknown API path gets a 404 envelope.
 */
export async function servePortal(
  app: FastifyInstance,
  options: {
    dist: string;
    defaultShop: string;
    assets: string;
    shopPolicy(shopUrl: string): Promise<ShopPolicy>;
    /** What the page carries for the portal's first paint (the shop's configuration), or null. */
    bootData(shopUrl: string): Promise<BootData | null>;
    /** The shop and base path of a page opened under another site's path (the Shopify app proxy), else null. */
    openedOn(request: FastifyRequest): { shopUrl: string; base: string } | null;
  },
): Promise<void> {
  await app.register(fastifyStatic, {
    root: options.assets,
    prefix: '/catalogue/',
    decorateReply: false,
    maxAge: '1d',
  });
  const indexFile = join(options.dist, 'index.html');
  const hasPortal = existsSync(indexFile);
  const template = hasPortal
    ? readFileSync(indexFile, 'utf8')
    : '<!doctype html><title>Return Center</title><p>The portal is not built. Run <code>npm start</code>.</p>';
  /**
   * The page for a shop under a base path ('' at our root). The build names its files relative to the page
   * (vite.config.ts `base`), which a page at any depth cannot use, so they are made absolute here.
   */
  const pageHtml = (shop: string, base: string) =>
    template
      .replaceAll('%RETURN_CENTER_SHOP%', escapeAttr(shop))
      .replaceAll('%RETURN_CENTER_BASE%', escapeAttr(base))
      .replaceAll('="./assets/', `="${escapeAttr(base)}/assets/`);
  const indexHtml = pageHtml(options.defaultShop, '');
  if (hasPortal) {
    await app.register(fastifyStatic, {
      root: options.dist,
      prefix: '/',
      index: false,
      // Routes only for files that exist, so "/" and unknown paths fall through to the SPA fallback.
      wildcard: false,
      allowedPath: (path) => path !== '/index.html',
      // The build writes .br and .gz beside each file; a client that accepts one gets it as it is.
      preCompressed: true,
      // Our own header, not the plugin's (which would replace it): hashed names never change content.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
        // The same URL answers brotli, gzip or plain by Accept-Encoding: a CDN must keep one copy per encoding.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  /** The page for a shop; `html` names the shop the portal opens with (the default shop's, or the shop's own). */
  const render = async (reply: FastifyReply, acceptEncoding: string | undefined, shop: string, html: string) => {
    // Only the shop's own allowlisted sites may frame the portal (spec §2 embedding).
    const [policy, boot] = await Promise.all([
      options.shopPolicy(shop).catch(() => ({ frameOrigins: [], assetOrigins: [] })),
      options.bootData(shop).catch(() => null),
    ]);
    const nonce = randomBytes(16).toString('base64');
    const page = withBootData(html, boot, nonce).replaceAll(NONCE_PLACEHOLDER, nonce);
    const encoding = preferredEncoding(acceptEncoding);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('content-security-policy', portalCsp(policy, nonce));
    // The page differs per response (its nonce), so it is compressed here; it is a few KB, a fraction of a millisecond.
    if (encoding === 'br') return reply.header('content-encoding', 'br').send(brotliCompressSync(page, BROTLI_FAST));
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(page));
    return reply.send(page);
  };
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isApiPath(path) || request.method !== 'GET') {
      return reply.status(404).send({ code: Code.RouteNotFound, msg: messages.notFound, data: null });
    }
    const opened = options.openedOn(request);
    if (opened) {
      const { shopUrl, base } = opened;
      return render(reply, request.headers['accept-encoding'], shopUrl, pageHtml(shopUrl, base));
    }
    // A repeated `?shop=` arrives as an array: String() keeps it a (non-matching) string rather than a crash.
    const shop = String((request.query as { shop?: string | string[] }).shop ?? options.defaultShop).toLowerCase();
    return render(reply, request.headers['accept-encoding'], shop, indexHtml);
  });
}
