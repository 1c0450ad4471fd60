import { Code } from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { AppError, errors } from '../../http/app-error.js';
import { LIMITS } from '../auth/rate-limiter.js';

export const EASYPOST_WEBHOOK_PATH = '/webhooks/easypost';
const BODY_LIMIT = 256 * 1024;

/**
 * EasyPost's tracker webhook, when EASYPOST_WEBHOOK_SECRET is set: verified over the raw body (401 otherwise), each
 * event applied once. A genuine event of another kind is answered 200, so EasyPost does not send it again.
 */
export function carrierWebhooksRoutes({ app, services }: AppContext): void {
  const { carrierWebhook, carrierEvents: webhooks } = services;
  if (!carrierWebhook) return;
  void app.register((scope, _options, registered) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_r, body, done) => {
      done(null, body);
    });
    scope.post(EASYPOST_WEBHOOK_PATH, async (request) => {
      const failures = `carrier-webhook-failures:${request.ip}`;
      if (await services.limiter.blocked(failures, LIMITS.merchantKeyFailuresPerIp)) throw errors.rateLimited();
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const reading = carrierWebhook.read(raw, request.headers);
      if (!reading.ok && reading.reason === 'signature') {
        await services.limiter.hit(failures, LIMITS.merchantKeyFailuresPerIp);
        throw new AppError(Code.Unauthorized, 'The signature does not match', 401);
      }
      const applied = reading.ok ? await webhooks.apply(reading.event) : false;
      return { code: Code.Success, msg: 'ok', data: { applied } };
    });
    registered();
  });
}
