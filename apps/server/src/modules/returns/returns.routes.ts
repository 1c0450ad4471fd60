import { calls, SolutionId } from '@return-center/contract';
import { exchangeCredit, instantExchangeOffer } from '@return-center/domain';
import type { AppContext } from '../../app-context.js';
import { portalCall } from '../../http/contract-routes.js';
import { serveRoute } from '../../http/serve-route.js';

export function returnsRoutes({ app, authenticate, services }: AppContext): void {
  const shopOf = (shopId: number) => services.storefront.requireShopById(shopId);

  serveRoute(app, portalCall(calls.getReason, authenticate), async ({ input, caller: session }) => ({
    list: services.returns.reasons(await shopOf(session.shopId), input.lang),
  }));

  serveRoute(app, portalCall(calls.orderConfig, authenticate), async ({ input, caller: session }) =>
    services.returns.orderConfig(await shopOf(session.shopId), session, input),
  );

  serveRoute(app, portalCall(calls.checkRule, authenticate), async ({ input, caller: session }) => {
    const { green } = await services.returns.evaluate(
      await shopOf(session.shopId),
      session,
      input.order_id,
      input.refund_line_items,
      // A rule may decide keep-the-item by the solution chosen.
      { solutionId: input.solution_id },
    );
    return { green_return: green };
  });

  serveRoute(app, portalCall(calls.getReturnMoney, authenticate), async ({ input, caller: session }) => {
    const shop = await shopOf(session.shopId);
    const { money, source, decided } = await services.returns.evaluate(
      shop,
      session,
      input.order_id,
      input.refund_line_items,
      {
        shippingMethodId: input.shipping_method_id,
        solutionId: input.solution_id,
      },
    );
    return {
      ...money,
      exchange_amount: exchangeCredit(input.solution_id, money),
      instant_exchange:
        input.solution_id === SolutionId.Exchange &&
        instantExchangeOffer(shop.settings.instant_exchange, decided.decision) !== null,
      currency: source.total_price_set.currency,
      currency_format: source.total_price_set.currency_format,
    };
  });

  serveRoute(app, portalCall(calls.setReturnOrder, authenticate), async ({ input, caller: session, request: { ip } }) =>
    services.returns.submit(await shopOf(session.shopId), session, input, ip),
  );
  serveRoute(
    app,
    portalCall(calls.createDraftOrder, authenticate),
    async ({ input, caller: session, request: { ip } }) =>
      services.exchangeSteps.exchangeDraft(await shopOf(session.shopId), session, input, ip),
  );
  serveRoute(app, portalCall(calls.exchangeHold, authenticate), async ({ input, caller: session, request: { ip } }) =>
    services.exchangeSteps.exchangeHold(await shopOf(session.shopId), session, input, ip),
  );
  serveRoute(app, portalCall(calls.getDraftOrder, authenticate), async ({ input, caller: session }) =>
    services.exchangeSteps.exchangeDraftStatus(await shopOf(session.shopId), session, input),
  );
}
