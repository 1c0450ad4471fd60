import { nowSeconds, type Clock } from '../../clock.js';
import type { ShopifyInstalls } from './shopify-installs.repository.js';
import type { ShopifyRedaction } from './shopify-redact.repository.js';

/** The topics we subscribe to (README "Shopify"); the path after /webhooks/shopify/ names one. */
export const SHOPIFY_TOPICS = [
  'app/uninstalled',
  'customers/data_request',
  'customers/redact',
  'shop/redact',
  'orders/updated',
  'refunds/create',
] as const;
export type ShopifyTopic = (typeof SHOPIFY_TOPICS)[number];

export type Delivery = 'applied' | 'duplicate' | 'unknown-shop' | 'wrong-shop';

interface Payload {
  id?: unknown;
  shop_domain?: unknown;
  order_id?: unknown;
  customer?: { email?: unknown };
  orders_to_redact?: unknown;
  orders_requested?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const numbers = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v)).map(String) : [];

/** Acts on a verified webhook once per X-Shopify-Event-Id. */
export class ShopifyWebhooksService {
  constructor(
    private readonly deps: {
      installs: ShopifyInstalls;
      redaction: ShopifyRedaction;
      clock: Clock;
      /** Drops an order read through (named by Shopify's id), so the next look reads it again. */
      forgetOrder: (shopId: number, shopifyOrderId: number) => void;
    },
  ) {}

  async deliver(topic: ShopifyTopic, domain: string, eventId: string, payload: Payload): Promise<Delivery> {
    const { installs, clock } = this.deps;
    // The domain header is not signed, the body is: a body naming its shop must name the same one.
    if (payload.shop_domain !== undefined && text(payload.shop_domain).toLowerCase() !== domain) return 'wrong-shop';
    const install = await installs.byDomain(domain);
    if (!install) return 'unknown-shop';
    const now = nowSeconds(clock);
    if (eventId && !(await installs.firstDelivery(eventId, topic, domain, now))) return 'duplicate';
    try {
      await this.apply(topic, install.shopId, domain, payload, now);
    } catch (error) {
      // Not applied: Shopify's retry of this event must be, so the id is not kept.
      if (eventId) await installs.forgetDelivery(eventId);
      throw error;
    }
    return 'applied';
  }

  private async apply(topic: ShopifyTopic, shopId: number, domain: string, payload: Payload, now: number) {
    const { installs, redaction } = this.deps;
    switch (topic) {
      case 'app/uninstalled':
        await installs.uninstall(domain, now);
        break;
      case 'customers/data_request':
        await installs.recordDataRequest(shopId, text(payload.customer?.email), JSON.stringify(payload), now);
        break;
      case 'customers/redact':
        await redaction.customer(shopId, text(payload.customer?.email), numbers(payload.orders_to_redact));
        break;
      case 'shop/redact':
        await redaction.shop(shopId);
        break;
      case 'orders/updated':
        if (Number.isSafeInteger(payload.id)) this.deps.forgetOrder(shopId, payload.id as number);
        break;
      case 'refunds/create':
        if (Number.isSafeInteger(payload.order_id)) this.deps.forgetOrder(shopId, payload.order_id as number);
        break;
    }
  }
}
