import { createHash, randomBytes } from 'node:crypto';
import {
  Code,
  WEBHOOK_ENDPOINTS_PER_SHOP,
  webhookEventType,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookEventType,
  type webhookEndpointBody,
  type webhookEndpointChange,
} from '@return-center/contract';
import type { z } from 'zod';
import { nowSeconds, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { AppError, errors } from '../../http/app-error.js';
import type { Outbox } from '../jobs/outbox.js';
import type { Shop } from '../storefront-config/shop.js';
import { unsafeTarget } from './safe-target.js';
import type { DeliveryWithEvent, EndpointRow, WebhooksRepository } from './webhooks.repository.js';

/** A new signing secret, written as Standard Webhooks writes them: `whsec_` and 24 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export const endpointView = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: webhookEventType.array().parse(JSON.parse(row.events)),
  enabled: row.enabled === 1,
  disabled_reason: row.disabled_reason,
  created_at: row.created_at,
});

export const deliveryView = (row: DeliveryWithEvent): WebhookDelivery => ({
  id: row.id,
  event_id: row.public_id,
  event_type: webhookEventType.parse(row.type),
  status: row.status,
  attempts: row.attempts,
  response_status: row.response_status,
  latency_ms: row.latency_ms,
  request_body: JSON.stringify(eventBody(row.event_id, row.payload)),
  response_body: row.response_body,
  next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
  created_at: row.created_at,
});

/** Subscriptions, events and their deliveries (issue 34): what a shop's other systems learn without polling. */
export class WebhooksService {
  constructor(
    private readonly deps: {
      db: Db;
      repository: WebhooksRepository;
      outbox: Outbox;
      clock: Clock;
      allowPrivate: boolean;
      onQueued?: () => void;
    },
  ) {}

  async list(shop: Shop): Promise<WebhookEndpoint[]> {
    return (await this.deps.repository.endpoints(shop.id)).map(endpointView);
  }

  private async checkTarget(url: string): Promise<void> {
    if (this.deps.allowPrivate) return;
    const unsafe = await unsafeTarget(url);
    if (unsafe) throw errors.unprocessable('url', `webhooks are not sent to ${unsafe}`);
  }

  async create(shop: Shop, body: z.output<typeof webhookEndpointBody>) {
    if ((await this.deps.repository.endpoints(shop.id)).length >= WEBHOOK_ENDPOINTS_PER_SHOP)
      throw new AppError(
        Code.InvalidInput,
        `A shop has at most ${String(WEBHOOK_ENDPOINTS_PER_SHOP)} webhook endpoints`,
        400,
        null,
        409,
      );
    await this.checkTarget(body.url);
    const secret = newSecret();
    const row = await this.deps.repository.addEndpoint({
      shop_id: shop.id,
      url: body.url,
      description: body.description,
      events: JSON.stringify([...new Set(body.events)]),
      secret,
      enabled: 1,
      disabled_reason: '',
      failing_since: null,
      created_at: nowSeconds(this.deps.clock),
    });
    return { ...endpointView(row), secret };
  }

  async own(shop: Shop, id: number): Promise<EndpointRow> {
    const row = await this.deps.repository.endpoint(shop.id, id);
    if (!row) throw errors.notFound();
    return row;
  }

  async change(shop: Shop, id: number, change: z.output<typeof webhookEndpointChange>): Promise<WebhookEndpoint> {
    const row = await this.own(shop, id);
    if (change.url !== undefined) await this.checkTarget(change.url);
    const turnedOn = change.enabled === true && row.enabled === 0;
    const updated = await this.deps.repository.changeEndpoint(row.id, {
      ...(change.url !== undefined ? { url: change.url } : {}),
      ...(change.description !== undefined ? { description: change.description } : {}),
      ...(change.events ? { events: JSON.stringify([...new Set(change.events)]) } : {}),
      ...(change.enabled !== undefined ? { enabled: change.enabled ? 1 : 0 } : {}),
      ...(turnedOn ? { disabled_reason: '', failing_since: null } : {}),
    });
    if (change.enabled === false) await this.deps.repository.failPending(row.id);
    return endpointView(updated);
  }

  async rotateSecret(shop: Shop, id: number) {
    const row = await this.own(shop, id);
    const secret = newSecret();
    return { ...endpointView(await this.deps.repository.changeEndpoint(row.id, { secret })), secret };
  }

  async deliveries(shop: Shop, id: number, limit: number, status?: WebhookDelivery['status']) {
    const row = await this.own(shop, id);
    return (await this.deps.repository.deliveries(row.id, limit, status)).map(deliveryView);
  }

  /** Tries one delivery again now, counting on from its earlier tries. */
  async resend(shop: Shop, deliveryId: number): Promise<WebhookDelivery> {
    const delivery = await this.deps.repository.delivery(deliveryId);
    const endpoint = delivery && (await this.deps.repository.endpoint(shop.id, delivery.endpoint_id));
    if (!delivery || !endpoint) throw errors.notFound();
    if (endpoint.enabled === 0) throw this.endpointOff();
    await this.queueTry(delivery.id, delivery.attempts + 1);
    this.deps.onQueued?.();
    return deliveryView({ ...delivery, status: 'pending', next_attempt_at: nowSeconds(this.deps.clock) });
  }

  async resendFailed(shop: Shop, id: number): Promise<number> {
    const endpoint = await this.own(shop, id);
    if (endpoint.enabled === 0) throw this.endpointOff();
    const failed = await this.deps.repository.failedDeliveries(endpoint.id);
    for (const delivery of failed) await this.queueTry(delivery.id, delivery.attempts + 1);
    if (failed.length > 0) this.deps.onQueued?.();
    return failed.length;
  }

  private endpointOff() {
    return new AppError(Code.IllegalTransition, 'The endpoint is turned off: turn it on first', 409, null, 409);
  }

  private async queueTry(deliveryId: number, attempt: number, delaySeconds = 0): Promise<void> {
    const now = nowSeconds(this.deps.clock);
    await this.deps.repository.changeDelivery(deliveryId, { status: 'pending', next_attempt_at: now + delaySeconds });
    await this.deps.outbox.enqueue(
      this.deps.db,
      'webhook.deliver',
      { deliveryId, attempt },
      `webhook:${String(deliveryId)}:${String(attempt)}`,
      delaySeconds,
    );
  }

  /**
   * Publishes an event of the shop once per `key` (what caused it): stored for the feed, and a delivery queued to each
   * enabled endpoint subscribed to its type. A second publish of the same key changes nothing.
   */
  async publish(
    shopId: number,
    type: WebhookEventType,
    key: string,
    data: Record<string, unknown>,
    requestId: number | null = null,
  ): Promise<void> {
    const now = nowSeconds(this.deps.clock);
    const subscribed = (await this.deps.repository.endpoints(shopId)).filter(
      (endpoint) => endpoint.enabled === 1 && (JSON.parse(endpoint.events) as string[]).includes(type),
    );
    const publicId = `evt_${createHash('sha256')
      .update(`${String(shopId)}:${key}`)
      .digest('hex')
      .slice(0, 24)}`;
    const { deliveries } = await this.deps.repository.addEvent(
      {
        shop_id: shopId,
        event_key: key,
        public_id: publicId,
        type,
        request_id: requestId,
        // The sequence is the row's id, known once stored: the payload is completed when it is read.
        payload: JSON.stringify({ id: publicId, type, created_at: now, data }),
        created_at: now,
      },
      subscribed.map((endpoint) => endpoint.id),
      now,
    );
    for (const deliveryId of deliveries) await this.queueTry(deliveryId, 1);
    if (deliveries.length > 0) this.deps.onQueued?.();
  }

  /** The feed: the shop's events after a sequence, oldest first, as receivers get them. */
  async feed(shop: Shop, after: number, limit: number, type?: WebhookEventType) {
    const rows = await this.deps.repository.eventsAfter(shop.id, after, limit, type);
    const items = rows.map((row) => eventBody(row.id, row.payload));
    return { items, last_sequence: rows.at(-1)?.id ?? after };
  }
}

/** The event as sent and fed: the stored payload with its sequence. */
export function eventBody(sequence: number, payload: string): WebhookEvent {
  const stored = JSON.parse(payload) as Omit<WebhookEvent, 'sequence'>;
  return { id: stored.id, type: stored.type, sequence, created_at: stored.created_at, data: stored.data };
}
