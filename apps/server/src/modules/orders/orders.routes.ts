import { calls } from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { portalCall } from '../../http/contract-routes.js';
import { serveRoute } from '../../http/serve-route.js';

export function ordersRoutes({ app, authenticate, services }: AppContext): void {
  serveRoute(app, portalCall(calls.index, authenticate), async ({ input, caller: session }) => {
    const shop = await services.storefront.requireShopById(session.shopId);
    return { list: await services.orders.list(shop, session, input.search) };
  });

  serveRoute(app, portalCall(calls.orderInfo, authenticate), async ({ input, caller: session }) => {
    const shop = await services.storefront.requireShopById(session.shopId);
    const source = await services.orders.info(shop, session, input.order_id);
    // The bank account the shopper gave for this order before, masked (spec §3 customer_wise_*).
    return { ...source, ...(await services.payouts.savedPayee(shop.id, source.id)) };
  });

  serveRoute(app, portalCall(calls.orderReturnList, authenticate), async ({ input, caller: session }) => {
    const shop = await services.storefront.requireShopById(session.shopId);
    return { list: await services.orders.returnList(shop, session, input.order_id) };
  });
}
