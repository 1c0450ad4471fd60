import type { AppContext } from '../../app-context.js';
import { merchantRoute } from '../../http/contract-routes.js';
import { serveRoute } from '../../http/serve-route.js';
import { merchantCallers } from '../merchant/merchant-callers.js';

/** The merchant API's webhooks and event feed (issue 34): owners manage endpoints; every key reads the feed. */
export function webhooksRoutes({ app, services }: AppContext): void {
  const { webhooks } = services;
  const { shopOf, ownerShopOf } = merchantCallers({ services });

  serveRoute(app, merchantRoute('listWebhooks', shopOf), async ({ caller }) => ({
    items: await webhooks.list(caller),
  }));
  serveRoute(app, merchantRoute('createWebhook', ownerShopOf), ({ input, caller }) => webhooks.create(caller, input));
  serveRoute(app, merchantRoute('updateWebhook', ownerShopOf), ({ id, input, caller }) =>
    webhooks.change(caller, id, input),
  );
  serveRoute(app, merchantRoute('rotateWebhookSecret', ownerShopOf), ({ id, caller }) =>
    webhooks.rotateSecret(caller, id),
  );
  serveRoute(app, merchantRoute('listWebhookDeliveries', shopOf), async ({ id, input, caller }) => ({
    items: await webhooks.deliveries(caller, id, input.limit, input.status),
  }));
  serveRoute(app, merchantRoute('resendFailedWebhooks', ownerShopOf), async ({ id, caller }) => ({
    resent: await webhooks.resendFailed(caller, id),
  }));
  serveRoute(app, merchantRoute('resendWebhookDelivery', ownerShopOf), ({ id, caller }) => webhooks.resend(caller, id));
  serveRoute(app, merchantRoute('listEvents', shopOf), ({ input, caller }) =>
    webhooks.feed(caller, input.after, input.limit, input.type),
  );
}
