import { calls } from '@return-center/contract';
import { shopperStyle, shopperText } from '@return-center/domain';
import type { AppContext } from '../../app-context.js';
import { registerCall } from '../../http/register-call.js';

export function storefrontConfigRoutes({ app, authenticate, services }: AppContext): void {
  registerCall(app, calls.getConfig, authenticate, (input) => services.storefront.getConfig(input));

  registerCall(app, calls.pageSetting, authenticate, async (input) => {
    const { settings } = await services.storefront.requireShop(input.shop_url);
    return { style: shopperStyle(settings.style), text: shopperText(settings, input.lang) };
  });
}
