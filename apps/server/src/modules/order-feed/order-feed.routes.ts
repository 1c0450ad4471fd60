import { Code, IMPORT_BODY_BYTES, externalId, merchantRoutePattern } from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { nowSeconds } from '../../clock.js';
import { errors } from '../../http/app-error.js';
import { LIMITS } from '../auth/rate-limiter.js';
import { merchantAuthFailures } from '../merchant/merchant-keys.js';
import { verifyDelivery } from './order-webhook.js';

const ok = (data: unknown) => ({ code: Code.Success, msg: 'ok', data });

/** Orders of the merchant's own store: one by its id, a batch, or a signed webhook (docs/feeding-orders.md). */
export function orderFeedRoutes({ app, clock, services }: AppContext): void {
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

  // A batch's JSON is read an order at a time by the import itself: parsed whole, 4 MiB held the thread (issue #30).
  void app.register((scope, _options, registered) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(merchantRoutePattern('importOrders'), async (request) =>
      ok(await orderFeed.import(await shopFor(request), typeof request.body === 'string' ? request.body : '')),
    );
    registered();
  });

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
      const { shop, delivery } = await verifyDelivery(header, raw, {
        shopByUrl: (url) => storefront.shops.byUrl(url),
        signedBy: (shop, signed, signature) => orderFeed.signedBy(shop, signed, signature),
        refused: () => limiter.hit(failures, LIMITS.merchantKeyFailuresPerIp).then(() => undefined),
        now: () => nowSeconds(clock),
      });
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw errors.invalidInput('The body is not JSON');
      }
      return ok(await orderFeed.receive(shop, delivery.id, body));
    });
    registered();
  });
}
