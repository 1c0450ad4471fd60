import { IMPORT_BODY_BYTES } from '@return-center/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { nowSeconds } from '../../clock.js';
import { errors } from '../../http/app-error.js';
import { merchantRoute } from '../../http/contract-routes.js';
import { serveRoute } from '../../http/serve-route.js';
import { LIMITS } from '../auth/rate-limiter.js';
import { merchantAuthFailures } from '../merchant/merchant-keys.js';
import { verifyDelivery } from './order-webhook.js';

/** Orders of the merchant's own store: one by its id, a batch, or a signed webhook (docs/feeding-orders.md). */
export function orderFeedRoutes({ app, clock, services }: AppContext): void {
  const { merchant, storefront, orderFeed, limiter } = services;
  const shopOf = async (request: FastifyRequest) => storefront.requireShopById(await merchant.keys.shopOf(request));

  /** The shop whose webhook secret signed the body, or 401; refused signatures count against the address. */
  const signer = async (request: FastifyRequest) => {
    const failures = merchantAuthFailures(request.ip);
    if (await limiter.blocked(failures, LIMITS.merchantKeyFailuresPerIp))
      throw errors.rateLimited(LIMITS.merchantKeyFailuresPerIp.windowSeconds);
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : '';
    };
    // A delivery without a body (or without a JSON content type) has nothing to verify: it fails like a bad one.
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    return verifyDelivery(header, raw, {
      shopByUrl: (url) => storefront.shops.byUrl(url),
      signedBy: (shop, signed, signature) => orderFeed.signedBy(shop, signed, signature),
      refused: () => limiter.hit(failures, LIMITS.merchantKeyFailuresPerIp).then(() => undefined),
      now: () => nowSeconds(clock),
    });
  };

  // An order may carry 250 lines with long image URLs: each door takes as much as a whole import call.
  const bodyLimit = IMPORT_BODY_BYTES;
  serveRoute(app, merchantRoute('upsertOrder', shopOf, { bodyLimit }), ({ input, caller: shop, id }) =>
    orderFeed.upsert(shop, id, input),
  );

  // A batch's JSON is read an order at a time by the import itself: parsed whole, 4 MiB held the thread (issue #30).
  serveRoute(app, merchantRoute('importOrders', shopOf, { rawBody: 'string', bodyLimit }), async ({ input, caller }) =>
    orderFeed.import(caller, input),
  );

  // The signature covers the exact bytes sent, so this route keeps the raw body and parses it only once verified.
  serveRoute(
    app,
    merchantRoute('orderWebhook', signer, { rawBody: 'buffer', bodyLimit }),
    async ({ input, caller: { shop, delivery } }) => {
      let body: unknown;
      try {
        body = JSON.parse(input.toString('utf8'));
      } catch {
        throw errors.invalidInput('The body is not JSON');
      }
      return orderFeed.receive(shop, delivery.id, body);
    },
  );
}
