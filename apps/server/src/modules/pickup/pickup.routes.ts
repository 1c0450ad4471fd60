import { calls } from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { errors } from '../../http/app-error.js';
import { portalCall } from '../../http/contract-routes.js';
import { serveRoute } from '../../http/serve-route.js';
import { LIMITS } from '../auth/rate-limiter.js';
import type { Session } from '../auth/sessions.js';

export function pickupRoutes({ app, authenticate, services }: AppContext): void {
  // The map search may reach a paid provider: a session searches at a typist's pace, not a script's.
  const limited = async (session: Session) => {
    if (!(await services.limiter.hit(`map-search:${session.tokenHash}`, LIMITS.mapSearchPerSession)))
      throw errors.rateLimited();
  };
  serveRoute(app, portalCall(calls.getRegion, authenticate), ({ input }) =>
    Promise.resolve(services.pickup.regions(input.country)),
  );
  serveRoute(app, portalCall(calls.pickupWindow, authenticate), ({ input }) =>
    Promise.resolve(services.pickup.window(input)),
  );
  serveRoute(app, portalCall(calls.pickupAddressValidate, authenticate), ({ input }) =>
    services.pickup.validateAddress(input),
  );
  serveRoute(app, portalCall(calls.mapSearch, authenticate), async ({ input, caller: session }) => {
    await limited(session);
    return services.pickup.search(input.search, input.country);
  });
  serveRoute(app, portalCall(calls.mapDetail, authenticate), async ({ input, caller: session }) => {
    await limited(session);
    return services.pickup.detail(input.place_id);
  });
  serveRoute(app, portalCall(calls.pickupUpdate, authenticate), ({ input, caller: session }) =>
    services.shopperRequests.updatePickup(session, input),
  );
}
