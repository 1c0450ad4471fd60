import type { AppContext } from '../../app-context.js';
import { merchantRoute } from '../../http/contract-routes.js';
import { serveRoute } from '../../http/serve-route.js';
import { merchantCallers } from './merchant-callers.js';

/**
 * Returns made at the desk for a shopper who phoned or wrote in (issue 33 point 4, ADR 038): find the order, see the
 * money, create the request, change its items before approval. The rules are the portal's (DeskReturns).
 */
export function deskReturnsRoutes({ app, services }: Pick<AppContext, 'app' | 'services'>): void {
  const { deskReturns, merchant } = services;
  const { shopOf, requestOwner, actorOf } = merchantCallers({ services });

  serveRoute(app, merchantRoute('deskOrder', shopOf), async ({ id, input, caller: shop }) =>
    deskReturns.order(shop, id, input),
  );

  serveRoute(app, merchantRoute('deskQuote', shopOf), async ({ input, caller: shop }) =>
    deskReturns.quote(shop, input),
  );

  serveRoute(app, merchantRoute('deskCreate', actorOf), async ({ input, caller: { shop, actor }, request }) => {
    const id = await deskReturns.create(shop, input, actor, request.ip);
    const record = await merchant.requests.byId(id);
    if (!record) throw new Error(`request ${String(id)} was just made`);
    return merchant.detail(shop, record);
  });

  serveRoute(app, merchantRoute('deskEdit', requestOwner), async ({ input, caller: { shop, record, actor } }) =>
    merchant.detail(shop, await deskReturns.edit(shop, record, input, actor)),
  );
}
