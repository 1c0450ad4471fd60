import { calls } from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { portalCall } from '../../http/contract-routes.js';
import { serveRoute } from '../../http/serve-route.js';

export function payoutsRoutes({ app, authenticate, services }: AppContext): void {
  serveRoute(app, portalCall(calls.wiseCustomerCreate, authenticate), ({ input, caller: session }) =>
    services.payouts.createPayee(session, input),
  );
}
