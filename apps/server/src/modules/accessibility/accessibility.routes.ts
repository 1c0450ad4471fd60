import { calls } from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { portalCall } from '../../http/contract-routes.js';
import { serveRoute } from '../../http/serve-route.js';
import { AccessibilityStatements } from './accessibility.service.js';

/** The shop's accessibility statement, public like its configuration (the portal's `/accessibility` page). */
export function accessibilityRoutes({ app, authenticate, config, services }: AppContext): void {
  const statements = new AccessibilityStatements(services.storefront, {
    sessionMinutes: config.SESSION_TTL_MINUTES,
    codeMinutes: config.CODE_TTL_MINUTES,
  });
  serveRoute(app, portalCall(calls.accessibilityStatement, authenticate), ({ input }) =>
    statements.statement(input.shop_url, input.lang),
  );
}
