import { calls } from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { errors } from '../../http/app-error.js';
import { registerCall } from '../../http/register-call.js';
import { LIMITS } from '../auth/rate-limiter.js';
import type { Session } from '../auth/sessions.js';

export function pickupRoutes({ app, authenticate, services }: AppContext): void {
  // The map search may reach a paid provider: a session searches at a typist's pace, not a script's.
  const limited = async (session: Session) => {
    if (!(await services.limiter.hit(`map-search:${session.tokenHash}`, LIMITS.mapSearchPerSession)))
      throw errors.rateLimited();
  };
  registerCall(app, calls.getRegion, authenticate, (input) => Promise.resolve(services.pickup.regions(input.country)));
  registerCall(app, calls.pickupWindow, authenticate, (input) => Promise.resolve(services.pickup.window(input)));
  registerCall(app, calls.pickupAddressValidate, authenticate, (input) => services.pickup.validateAddress(input));
  registerCall(app, calls.mapSearch, authenticate, async (input, session) => {
    await limited(session);
    return services.pickup.search(input.search, input.country);
  });
  registerCall(app, calls.mapDetail, authenticate, async (input, session) => {
    await limited(session);
    return services.pickup.detail(input.place_id);
  });
  registerCall(app, calls.pickupUpdate, authenticate, (input, session) =>
    services.shopperRequests.updatePickup(session, input),
  );
}
