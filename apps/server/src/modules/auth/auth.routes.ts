import { calls } from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { portalCall } from '../../http/contract-routes.js';
import { serveRoute } from '../../http/serve-route.js';

export function authRoutes({ app, authenticate, services }: AppContext): void {
  serveRoute(app, portalCall(calls.loginCode, authenticate), async ({ input, request: { ip } }) => {
    const shop = await services.storefront.requireShop(input.shop_url);
    return services.auth.sendCode(shop, input.email, input.lang, ip);
  });

  serveRoute(app, portalCall(calls.login, authenticate), async ({ input, request: { ip } }) => {
    const shop = await services.storefront.requireShop(input.shop_url);
    return services.auth.login(shop, input, ip);
  });

  serveRoute(app, portalCall(calls.giftLogin, authenticate), async ({ input, request: { ip } }) => {
    const shop = await services.storefront.requireShop(input.shop_url);
    return services.auth.giftLogin(shop, input, ip);
  });

  serveRoute(app, portalCall(calls.logout, authenticate), async ({ caller: session }) => {
    await services.auth.logout(session);
    return null;
  });

  serveRoute(app, portalCall(calls.config, authenticate), async ({ caller: session }) => {
    const shop = await services.storefront.requireShopById(session.shopId);
    return {
      shop_url: shop.shopUrl,
      email: session.email,
      order_id: session.orderId,
      return_window_days: shop.settings.return_setting.return_window_days,
      expires_at: session.expiresAt,
      gift: session.gift,
    };
  });
}
