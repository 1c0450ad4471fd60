import { Code } from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../http/app-error.js';
import { InstallRefused, myshopifyDomain, STATE_TTL_SECONDS } from './shopify-install.service.js';

const STATE_COOKIE = 'rc_shopify_state';

/**
 * The install (OAuth) when STORE_PLATFORM=shopify. The state cookie is SameSite=Lax: Shopify's redirect back is a
 * top-level navigation from another site, which a Strict cookie would not follow.
 */
export function shopifyRoutes({ app, services }: AppContext): void {
  const shopify = services.shopify;
  if (!shopify) return;
  app.get('/shopify/install', async (request, reply) => {
    const shop = myshopifyDomain((request.query as { shop?: unknown }).shop);
    if (!shop) throw new AppError(Code.InvalidInput, 'Give the shop as its myshopify.com domain', 400);
    const { url, cookie } = shopify.install.begin(shop);
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${STATE_COOKIE}=${encodeURIComponent(cookie)}; Path=/shopify; HttpOnly; SameSite=Lax; Max-Age=${String(STATE_TTL_SECONDS)}${secure}`,
    );
    return reply.redirect(url, 302);
  });
  app.get('/shopify/callback', async (request, reply) => {
    try {
      const shop = await shopify.install.complete(
        request.query as Record<string, string>,
        request.cookies[STATE_COOKIE],
      );
      reply.header('set-cookie', `${STATE_COOKIE}=; Path=/shopify; HttpOnly; SameSite=Lax; Max-Age=0`);
      return await reply.redirect(`https://${shop}/admin/apps/${encodeURIComponent(shopify.apiKey)}`, 302);
    } catch (error) {
      if (!(error instanceof InstallRefused)) throw error;
      request.log.warn({ reason: error.reason }, 'shopify install refused');
      if (error.reason === 'exchange') throw new AppError(Code.StoreUnavailable, 'Shopify did not give a token', 502);
      throw new AppError(Code.Unauthorized, 'The install link is not valid; start the install again', 401);
    }
  });
}
