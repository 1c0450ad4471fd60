import { calls } from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { errors } from '../../http/app-error.js';
import { portalCall } from '../../http/contract-routes.js';
import { serveRoute } from '../../http/serve-route.js';
import { LIMITS } from '../auth/rate-limiter.js';
import { localCheckoutRoutes } from './local-checkout.routes.js';
import { sandboxPayRoutes } from './sandbox-pay.routes.js';

export function exchangesRoutes({ app, authenticate, services }: AppContext): void {
  localCheckoutRoutes(app, services.localCheckout.checkout, services.localCheckout.shops);
  if (services.payments.sandbox) sandboxPayRoutes(app, services.payments.sandbox);
  serveRoute(app, portalCall(calls.getVariantList, authenticate), async ({ input, caller: session }) => {
    if (!(await services.limiter.hit(`catalogue:${session.tokenHash}`, LIMITS.cataloguePerSession)))
      throw errors.rateLimited();
    return services.exchanges.catalogue(session.shopId, input);
  });
  serveRoute(app, portalCall(calls.getVariantIdByOption, authenticate), ({ input, caller: session }) =>
    services.exchanges.variantByOptions(session.shopId, input),
  );
}
