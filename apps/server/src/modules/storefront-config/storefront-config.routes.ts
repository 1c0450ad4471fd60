import { calls } from '@return-center/contract';
import { shopperStyle, shopperText } from '@return-center/domain';
import type { AppContext } from '../../app-context.js';
import { portalCall } from '../../http/contract-routes.js';
import { serveRoute } from '../../http/serve-route.js';

export function storefrontConfigRoutes({ app, authenticate, services }: AppContext): void {
  serveRoute(app, portalCall(calls.getConfig, authenticate), ({ input }) => services.storefront.getConfig(input));

  serveRoute(app, portalCall(calls.pageSetting, authenticate), async ({ input }) => {
    const { settings } = await services.storefront.requireShop(input.shop_url);
    return { style: shopperStyle(settings.style), text: shopperText(settings, input.lang) };
  });
}
