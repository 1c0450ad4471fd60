import { calls } from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { registerCall } from '../../http/register-call.js';

export function authRoutes({ app, authenticate, services }: AppContext): void {
  registerCall(app, calls.loginCode, authenticate, async (input, _session, { ip }) => {
    const shop = await services.storefront.requireShop(input.shop_url);
    return services.auth.sendCode(shop, input.email, input.lang, ip);
  });

  registerCall(app, calls.login, authenticate, async (input, _session, { ip }) => {
    const shop = await services.storefront.requireShop(input.shop_url);
    return services.auth.login(shop, input, ip);
  });

  registerCall(app, calls.logout, authenticate, async (_input, session) => {
    await services.auth.logout(session);
    return null;
  });

  registerCall(app, calls.config, authenticate, async (_input, session) => {
    const shop = await services.storefront.requireShopById(session.shopId);
    return {
      shop_url: shop.shopUrl,
      email: session.email,
      order_id: session.orderId,
      return_window_days: shop.settings.return_setting.return_window_days,
      expires_at: session.expiresAt,
    };
  });
}
