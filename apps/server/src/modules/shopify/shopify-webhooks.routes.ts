import { Code } from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { AppError, errors } from '../../http/app-error.js';
import { LIMITS } from '../auth/rate-limiter.js';
import { merchantAuthFailures } from '../merchant/merchant-keys.js';
import { verifyWebhookHmac } from './shopify-signatures.js';
import { SHOPIFY_TOPICS } from './shopify-webhooks.service.js';

const BODY_LIMIT = 1024 * 1024;

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');
/** Shopify's delivery and event ids are short; ours are kept in a column of 100 with a prefix. */
const MAX_ID_LENGTH = 90;

function parse(raw: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Shopify's webhooks, one path per topic: verified over the raw body (401 otherwise, counted with the merchant's
 * failed authentications), as is a signed body naming another shop than the header; each delivery acted on once, by
 * its X-Shopify-Webhook-Id and X-Shopify-Event-Id (one naming neither is refused). A shop we do not know is answered
 * 200, so Shopify stops.
 */
export function shopifyWebhooksRoutes({ app, services }: AppContext): void {
  const shopify = services.shopify;
  if (!shopify) return;
  void app.register((scope, _options, registered) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_r, body, done) => {
      done(null, body);
    });
    for (const topic of SHOPIFY_TOPICS)
      scope.post(`/webhooks/shopify/${topic}`, async (request) => {
        const failures = merchantAuthFailures(request.ip);
        if (await services.limiter.blocked(failures, LIMITS.merchantKeyFailuresPerIp)) throw errors.rateLimited();
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!verifyWebhookHmac(raw, header(request.headers['x-shopify-hmac-sha256']), shopify.secret)) {
          await services.limiter.hit(failures, LIMITS.merchantKeyFailuresPerIp);
          throw new AppError(Code.Unauthorized, 'The signature does not match', 401);
        }
        const domain = header(request.headers['x-shopify-shop-domain']).toLowerCase();
        const ids = {
          webhookId: header(request.headers['x-shopify-webhook-id']),
          eventId: header(request.headers['x-shopify-event-id']),
        };
        if ((!ids.webhookId && !ids.eventId) || Object.values(ids).some((id) => id.length > MAX_ID_LENGTH))
          throw errors.invalidInput('Name the delivery in X-Shopify-Webhook-Id and X-Shopify-Event-Id');
        const result = await shopify.webhooks.deliver(topic, domain, ids, parse(raw));
        if (result === 'wrong-shop') {
          await services.limiter.hit(failures, LIMITS.merchantKeyFailuresPerIp);
          throw new AppError(Code.Unauthorized, 'The signed body names another shop', 401);
        }
        if (topic === 'customers/data_request' && result === 'applied')
          request.log.warn({ shop: domain }, 'shopify customer data request recorded: the merchant must answer it');
        return { code: Code.Success, msg: 'ok', data: { result } };
      });
    registered();
  });
}
