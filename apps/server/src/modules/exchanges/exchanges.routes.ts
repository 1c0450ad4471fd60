import { calls } from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { errors } from '../../http/app-error.js';
import { registerCall } from '../../http/register-call.js';
import { LIMITS } from '../auth/rate-limiter.js';
import { localCheckoutRoutes } from './local-checkout.routes.js';

export function exchangesRoutes({ app, authenticate, services }: AppContext): void {
  localCheckoutRoutes(app, services.localCheckout.platform, services.localCheckout.shops);
  registerCall(app, calls.getVariantList, authenticate, async (input, session) => {
    if (!(await services.limiter.hit(`catalogue:${session.tokenHash}`, LIMITS.cataloguePerSession)))
      throw errors.rateLimited();
    return services.exchanges.catalogue(session.shopId, input);
  });
  registerCall(app, calls.getVariantIdByOption, authenticate, (input, session) =>
    services.exchanges.variantByOptions(session.shopId, input),
  );
}
