import { calls } from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { merchantRoute, portalCall } from '../../http/contract-routes.js';
import { serveRoute } from '../../http/serve-route.js';
import { merchantCallers } from '../merchant/merchant-callers.js';

/** The EU withdrawal function (ADR 046): the portal's two public calls, the merchant's list, and the desk's links. */
export function withdrawalsRoutes({ app, authenticate, services }: AppContext): void {
  const { withdrawals, withdrawalDesk, storefront } = services;
  const { shopOf, actorOf } = merchantCallers({ services });

  serveRoute(app, portalCall(calls.withdrawalItems, authenticate), async ({ input, request: { ip } }) =>
    withdrawals.items(await storefront.requireShop(input.shop_url), input, ip),
  );
  serveRoute(app, portalCall(calls.declareWithdrawal, authenticate), async ({ input, request: { ip } }) =>
    withdrawals.declare(await storefront.requireShop(input.shop_url), input, ip),
  );
  serveRoute(app, merchantRoute('listWithdrawals', shopOf), ({ input, caller }) => withdrawals.list(caller, input));
  serveRoute(app, merchantRoute('withdrawalOrder', shopOf), ({ id, input, caller }) =>
    withdrawalDesk.order(caller, id, input.order_number),
  );
  serveRoute(app, merchantRoute('linkWithdrawalToRequest', actorOf), ({ id, input, caller: { shop, actor } }) =>
    withdrawalDesk.linkToRequest(shop, id, input.request_id, actor),
  );
  serveRoute(app, merchantRoute('linkWithdrawalToOrder', actorOf), ({ id, input, caller: { shop, actor } }) =>
    withdrawalDesk.linkToOrder(shop, id, input, actor),
  );
}
