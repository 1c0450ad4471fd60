import { calls } from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { registerCall } from '../../http/register-call.js';

export function ordersRoutes({ app, authenticate, services }: AppContext): void {
  registerCall(app, calls.index, authenticate, async (input, session) => {
    const shop = await services.storefront.requireShopById(session.shopId);
    return { list: await services.orders.list(shop, session, input.search) };
  });

  registerCall(app, calls.orderInfo, authenticate, async (input, session) => {
    const shop = await services.storefront.requireShopById(session.shopId);
    const source = await services.orders.info(shop, session, input.order_id);
    // The bank account the shopper gave for this order before, masked (spec §3 customer_wise_*).
    return { ...source, ...(await services.payouts.savedPayee(shop.id, source.id)) };
  });

  registerCall(app, calls.orderReturnList, authenticate, async (input, session) => {
    const shop = await services.storefront.requireShopById(session.shopId);
    return { list: await services.orders.returnList(shop, session, input.order_id) };
  });
}
