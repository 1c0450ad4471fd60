import { Code } from '@return-center/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { nowSeconds } from '../../clock.js';
import { AppError } from '../../http/app-error.js';
import { myshopifyDomain } from './shopify-install.service.js';
import { verifyProxySignature } from './shopify-signatures.js';

export const PROXY_PATH = '/apps/returns';
/** Shopify signs each proxied request with its time; an older one may be a replay. */
const MAX_SKEW_SECONDS = 90;

type Query = Record<string, string | string[] | undefined>;
type RenderPortal = (request: FastifyRequest, reply: FastifyReply, shop: string) => Promise<unknown>;

/**
 * The app proxy: Shopify forwards https://{shop}/apps/returns/… here, signed. The portal is served for the shop that
 * signed request names (its installed shop); `logged_in_customer_id` is ignored, the portal signs shoppers in itself.
 */
export function shopifyProxyRoutes({ app, clock, services }: AppContext, renderPortal: RenderPortal): void {
  const shopify = services.shopify;
  if (!shopify) return;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Query;
    const timestamp = Number(query.timestamp);
    const fresh = Number.isFinite(timestamp) && Math.abs(nowSeconds(clock) - timestamp) <= MAX_SKEW_SECONDS;
    if (!verifyProxySignature(query, shopify.secret) || !fresh)
      throw new AppError(Code.Unauthorized, 'The request is not signed by Shopify', 401);
    const domain = myshopifyDomain(query.shop);
    const install = domain ? await shopify.installs.byDomain(domain) : null;
    const shop = install ? await services.storefront.shops.byId(install.shopId) : null;
    if (!shop) throw new AppError(Code.NotFound, 'This shop has not installed Return Center', 404);
    return renderPortal(request, reply, shop.shopUrl);
  };
  app.get(PROXY_PATH, handler);
  app.get(`${PROXY_PATH}/*`, handler);
}
