import { WEBHOOK_DISABLE_AFTER_SECONDS, WEBHOOK_RETRY_SECONDS } from '@return-center/contract';
import { Webhook } from 'standardwebhooks';
import type { MailTransport } from '../../adapters/mail/port.js';
import { nowSeconds, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { Outbox } from '../jobs/outbox.js';
import { brandedHtml, brandOf, escapeHtml } from '../notifications/branded-layout.js';
import type { JobHandler } from '../jobs/worker.js';
import type { ShopLookup } from '../storefront-config/shop.js';
import type { WebhookSender } from './webhook-sender.js';
import type { WebhooksRepository } from './webhooks.repository.js';
import { eventBody } from './webhooks.service.js';

interface Deps {
  db: Db;
  repository: WebhooksRepository;
  outbox: Outbox;
  clock: Clock;
  send: WebhookSender;
}

const when = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/**
 * One try of a delivery, signed as Standard Webhooks signs (`webhook-id` is the event's id, the same on every try). A
 * 2xx answer delivers it; anything else is tried again on the schedule (about three days), unless the endpoint has
 * answered nothing but failures for WEBHOOK_DISABLE_AFTER_SECONDS: then it is turned off and its owner told.
 */
export function deliverWebhookJob(deps: Deps): JobHandler<'webhook.deliver'> {
  return async ({ deliveryId, attempt }) => {
    const delivery = await deps.repository.delivery(deliveryId);
    if (!delivery || delivery.status !== 'pending' || delivery.attempts >= attempt) return;
    const endpoint = await deps.repository.endpointById(delivery.endpoint_id);
    if (!endpoint || endpoint.enabled === 0) {
      await deps.repository.changeDelivery(delivery.id, { status: 'failed', next_attempt_at: null });
      return;
    }
    const body = JSON.stringify(eventBody(delivery.event_id, delivery.payload));
    const sentAt = nowSeconds(deps.clock);
    const signature = new Webhook(endpoint.secret).sign(delivery.public_id, new Date(sentAt * 1000), body);
    const answer = await deps.send({
      url: endpoint.url,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'ReturnCenter-Webhooks/1',
        'webhook-id': delivery.public_id,
        'webhook-timestamp': String(sentAt),
        'webhook-signature': signature,
      },
      body,
    });
    const now = nowSeconds(deps.clock);
    const tried = { attempts: attempt, response_status: answer.status, latency_ms: answer.latencyMs };
    if (answer.status >= 200 && answer.status < 300) {
      await deps.repository.changeDelivery(delivery.id, {
        ...tried,
        status: 'succeeded',
        response_body: answer.body,
        next_attempt_at: null,
      });
      if (endpoint.failing_since !== null) await deps.repository.changeEndpoint(endpoint.id, { failing_since: null });
      return;
    }
    const failingSince = endpoint.failing_since ?? now;
    if (endpoint.failing_since === null) await deps.repository.changeEndpoint(endpoint.id, { failing_since: now });
    if (now - failingSince >= WEBHOOK_DISABLE_AFTER_SECONDS) {
      await deps.repository.changeDelivery(delivery.id, { ...tried, status: 'failed', response_body: answer.body });
      await deps.repository.changeEndpoint(endpoint.id, {
        enabled: 0,
        disabled_reason: `Turned off at ${when(now)}: every delivery failed since ${when(failingSince)}`,
      });
      await deps.repository.failPending(endpoint.id);
      await deps.outbox.enqueue(
        deps.db,
        'webhook.endpoint-disabled',
        { endpointId: endpoint.id },
        `webhook-disabled:${String(endpoint.id)}:${String(now)}`,
      );
      return;
    }
    const wait = WEBHOOK_RETRY_SECONDS[attempt - 1];
    await deps.repository.changeDelivery(delivery.id, {
      ...tried,
      status: wait === undefined ? 'failed' : 'pending',
      response_body: answer.body,
      next_attempt_at: wait === undefined ? null : now + wait,
    });
    if (wait !== undefined)
      await deps.outbox.enqueue(
        deps.db,
        'webhook.deliver',
        { deliveryId, attempt: attempt + 1 },
        `webhook:${String(deliveryId)}:${String(attempt + 1)}`,
        wait,
      );
  };
}

/** Tells the shop's owner that an endpoint was turned off, and how to turn it on again. */
export function endpointDisabledJob(deps: {
  repository: WebhooksRepository;
  shops: ShopLookup;
  mail: MailTransport;
  ownerOf: (shopId: number) => Promise<string | null>;
  publicUrl: string;
}): JobHandler<'webhook.endpoint-disabled'> {
  return async ({ endpointId }) => {
    const endpoint = await deps.repository.endpointById(endpointId);
    if (!endpoint || endpoint.enabled === 1) return;
    const [shop, owner] = await Promise.all([deps.shops.byId(endpoint.shop_id), deps.ownerOf(endpoint.shop_id)]);
    if (!shop || !owner) return;
    const text = [
      `The webhook endpoint ${endpoint.url} of ${shop.name} was turned off.`,
      endpoint.disabled_reason,
      `Its failed deliveries are kept. Turn it on and resend them in the console: ${deps.publicUrl}/admin/webhooks`,
    ].join('\n\n');
    await deps.mail.send({
      shopId: shop.id,
      to: owner,
      subject: `A webhook endpoint of ${shop.name} was turned off`,
      text,
      html: brandedHtml(
        brandOf(shop, 'en'),
        text
          .split('\n\n')
          .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
          .join(''),
      ),
    });
  };
}
