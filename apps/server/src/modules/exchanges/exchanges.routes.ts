import { calls } from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { registerCall } from '../../http/register-call.js';
import { localCheckoutRoutes } from './local-checkout.routes.js';

export function exchangesRoutes({ app, authenticate, services }: AppContext): void {
  localCheckoutRoutes(app, services.localCheckout.platform, services.localCheckout.shops);
  registerCall(app, calls.getVariantList, authenticate, (input, session) =>
    services.exchanges.catalogue(session.shopId, input),
  );
  registerCall(app, calls.getVariantIdByOption, authenticate, (input, session) =>
    services.exchanges.variantByOptions(session.shopId, input),
  );
}
