import type { IncomingMessage } from 'node:http';
import { API_BASES, Code } from '@return-center/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { nowSeconds } from '../../clock.js';
import { AppError } from '../../http/app-error.js';
import { myshopifyDomain } from './shopify-install.service.js';
import { freshTimestamp, verifyProxySignature } from './shopify-signatures.js';

/** Where the app proxy's URL points (README): Shopify forwards https://{shop}/apps/returns/… to PUBLIC_URL + this. */
export const PROXY_PATH = '/apps/returns';
/** What Shopify adds to every proxied request; the routes never see them. */
const SHOPIFY_PARAMS = new Set(['shop', 'path_prefix', 'timestamp', 'signature', 'logged_in_customer_id']);
/** The proxy's path on the shop's domain: one of Shopify's prefixes (apps, a, community, tools) and a subpath. */
const PATH_PREFIX = /^\/[a-z]+\/[A-Za-z0-9_-]+$/;
/** Routes a shopper's page may reach through the proxy. Every other route (console, merchant API, install) is 404. */
const SHOPPER_ROUTES = [...Object.values(API_BASES), '/uploads/', '/documents/', '/catalogue/', '/assets/'];

type Query = Record<string, string | string[]>;
/** The portal opened through the proxy: the installed shop, and the path the shopper's browser sees it under. */
export interface ProxiedPortal {
  shopUrl: string;
  base: string;
}

const signedQueries = new WeakMap<IncomingMessage, Query>();
const opened = new WeakMap<FastifyRequest, ProxiedPortal>();

const isProxied = (url: string) =>
  url === PROXY_PATH || url.startsWith(`${PROXY_PATH}/`) || url.startsWith(`${PROXY_PATH}?`);

function toQuery(params: URLSearchParams): Query {
  const query: Query = {};
  for (const [key, value] of params) {
    const seen = query[key];
    query[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return query;
}

/**
 * Fastify's `rewriteUrl`: a request under the proxy path is routed as the same request at the root, so the portal,
 * its assets and its API answer through the shop's domain exactly as they do on ours. Shopify's parameters are taken
 * off and kept for the check in `shopifyProxyCheck`, which runs before any handler.
 */
export function unwrapProxied(raw: IncomingMessage): string {
  const url = raw.url ?? '/';
  if (!isProxied(url)) return url;
  const rest = url.slice(PROXY_PATH.length);
  const queryAt = rest.indexOf('?');
  const path = (queryAt === -1 ? rest : rest.slice(0, queryAt)) || '/';
  const params = new URLSearchParams(queryAt === -1 ? '' : rest.slice(queryAt + 1));
  signedQueries.set(raw, toQuery(params));
  const own = new URLSearchParams([...params].filter(([key]) => !SHOPIFY_PARAMS.has(key)));
  return own.size ? `${path}?${own.toString()}` : path;
}

/** The shop and base path of a page asked for through the proxy, or null for a request made to us directly. */
export const proxiedPortal = (request: FastifyRequest): ProxiedPortal | null => opened.get(request) ?? null;

/**
 * The shopper's address as Shopify saw it. Shopify calls us from its own addresses and names the shopper in
 * X-Forwarded-For; the signature proves the header is Shopify's, so the rate limits count shoppers, not Shopify.
 */
function shopperAddress(request: FastifyRequest): string {
  const forwarded = String(request.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .reverse();
  // Our own trusted proxies (TRUST_PROXY) in front are already counted in request.ips: the hop before them is Shopify.
  const ownHops = (request.ips?.length ?? 1) - 1;
  return forwarded[ownHops] ?? request.ip;
}

/** Checks every proxied request: Shopify's signature, its time, the installed shop, and a route shoppers may use. */
export function shopifyProxyCheck({ app, clock, services }: AppContext): void {
  app.addHook('onRequest', async (request) => {
    const query = signedQueries.get(request.raw);
    if (!query) return;
    const shopify = services.shopify;
    if (!shopify) throw new AppError(Code.NotFound, 'Not found', 404);
    // Shopify signs each proxied request with its time; an older one may be a replay.
    if (!verifyProxySignature(query, shopify.secret) || !freshTimestamp(query.timestamp, nowSeconds(clock)))
      throw new AppError(Code.Unauthorized, 'The request is not signed by Shopify', 401);
    const route = request.routeOptions.url;
    if (route !== undefined && !SHOPPER_ROUTES.some((prefix) => route.startsWith(prefix)))
      throw new AppError(Code.NotFound, 'Not found', 404);
    const base = typeof query.path_prefix === 'string' && PATH_PREFIX.test(query.path_prefix) ? query.path_prefix : '';
    const domain = myshopifyDomain(query.shop);
    const install = domain ? await shopify.installs.byDomain(domain) : null;
    const shop = install ? await services.storefront.shops.byId(install.shopId) : null;
    if (!shop || !base) throw new AppError(Code.NotFound, 'This shop has not installed Return Center', 404);
    opened.set(request, { shopUrl: shop.shopUrl, base });
    Object.defineProperty(request, 'ip', { value: shopperAddress(request) });
  });
}
