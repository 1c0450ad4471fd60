import type { AppContext } from '../../app-context.js';
import { merchantRoute } from '../../http/contract-routes.js';
import { serveRoute } from '../../http/serve-route.js';
import { merchantCallers } from '../merchant/merchant-callers.js';

/** The shop's last retention run, for the console and the API (the setting is among the shop's settings). */
export function retentionRoutes({ app, services }: AppContext): void {
  const { shopOf } = merchantCallers({ services });
  serveRoute(app, merchantRoute('getRetention', shopOf), ({ caller }) => services.retention.lastRun(caller.id));
}
