import {
  Code,
  IMPORT_BODY_BYTES,
  deliveryId,
  externalId,
  ORDER_WEBHOOK,
  merchantRoutePattern,
} from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { AppError, errors } from '../../http/app-error.js';
import { LIMITS } from '../auth/rate-limiter.js';
import { merchantAuthFailures } from '../merchant/merchant-keys.js';

const ok = (data: unknown) => ({ code: Code.Success, msg: 'ok', data });

/** Orders of the merchant's own store: one by its id, a batch, or a signed webhook (docs/feeding-orders.md). */
export function orderFeedRoutes({ app, services }: AppContext): void {
  const { merchant, storefront, orderFeed, limiter } = services;
  const shopFor = async (request: Parameters<typeof merchant.keys.shopOf>[0]) =>
    storefront.requireShopById(await merchant.keys.shopOf(request));

  // An order may carry 250 lines with long image URLs: each door takes as much as a whole import call.
  const bodyLimit = IMPORT_BODY_BYTES;
  app.put(merchantRoutePattern('upsertOrder'), { bodyLimit }, async (request) => {
    const shop = await shopFor(request);
    const id = externalId.safeParse((request.params as { id: string }).id);
    if (!id.success) throw errors.invalidFields([{ field: 'id', message: id.error.issues[0]?.message ?? 'invalid' }]);
    return ok(await orderFeed.upsert(shop, id.data, request.body));
  });

  app.post(merchantRoutePattern('importOrders'), { bodyLimit }, async (request) =>
    ok(await orderFeed.import(await shopFor(request), request.body)),
  );

  // The signature covers the exact bytes sent, so this route keeps the raw body and parses it only once verified.
  void app.register((scope, _options, registered) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(merchantRoutePattern('orderWebhook'), async (request) => {
      const failures = merchantAuthFailures(request.ip);
      if (await limiter.blocked(failures, LIMITS.merchantKeyFailuresPerIp))
        throw errors.rateLimited(LIMITS.merchantKeyFailuresPerIp.windowSeconds);
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : '';
      };
      // A delivery without a body (or without a JSON content type) has nothing to verify: it fails like a bad one.
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const shop = await storefront.shops.byUrl(header(ORDER_WEBHOOK.shopHeader));
      if (!shop || !(await orderFeed.signedBy(shop, raw, header(ORDER_WEBHOOK.signatureHeader)))) {
        await limiter.hit(failures, LIMITS.merchantKeyFailuresPerIp);
        throw new AppError(Code.Unauthorized, 'The signature does not match', 401);
      }
      const delivery = deliveryId.safeParse(header(ORDER_WEBHOOK.deliveryHeader));
      if (!delivery.success)
        throw errors.invalidInput(`${ORDER_WEBHOOK.deliveryHeader}: required, up to 100 characters`);
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw errors.invalidInput('The body is not JSON');
      }
      return ok(await orderFeed.receive(shop, delivery.data, body));
    });
    registered();
  });
}
