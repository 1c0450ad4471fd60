import { calls } from '@return-center/contract';
import { exchangeCredit } from '@return-center/domain';
import type { AppContext } from '../../app-context.js';
import { registerCall } from '../../http/register-call.js';

export function returnsRoutes({ app, authenticate, services }: AppContext): void {
  const shopOf = (shopId: number) => services.storefront.requireShopById(shopId);

  registerCall(app, calls.getReason, authenticate, async (input, session) => ({
    list: services.returns.reasons(await shopOf(session.shopId), input.lang),
  }));

  registerCall(app, calls.orderConfig, authenticate, async (input, session) =>
    services.returns.orderConfig(await shopOf(session.shopId), session, input),
  );

  registerCall(app, calls.checkRule, authenticate, async (input, session) => {
    const { green } = await services.returns.evaluate(
      await shopOf(session.shopId),
      session,
      input.order_id,
      input.refund_line_items,
    );
    return { green_return: green };
  });

  registerCall(app, calls.getReturnMoney, authenticate, async (input, session) => {
    const shop = await shopOf(session.shopId);
    const { money, source } = await services.returns.evaluate(shop, session, input.order_id, input.refund_line_items, {
      shippingMethodId: input.shipping_method_id,
      solutionId: input.solution_id,
    });
    return {
      ...money,
      exchange_amount: exchangeCredit(input.solution_id, money),
      currency: source.total_price_set.currency,
      currency_format: source.total_price_set.currency_format,
    };
  });

  registerCall(app, calls.setReturnOrder, authenticate, async (input, session, { ip }) =>
    services.returns.submit(await shopOf(session.shopId), session, input, ip),
  );
  registerCall(app, calls.createDraftOrder, authenticate, async (input, session, { ip }) =>
    services.returns.exchangeDraft(await shopOf(session.shopId), session, input, ip),
  );
  registerCall(app, calls.getDraftOrder, authenticate, async (input, session) =>
    services.returns.exchangeDraftStatus(await shopOf(session.shopId), session, input),
  );
}
