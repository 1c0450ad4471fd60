import { nowSeconds, type Clock } from '../../clock.js';
import type { ShopifyInstalls } from './shopify-installs.repository.js';
import type { Privacy } from '../privacy/privacy.service.js';

/** The topics we subscribe to (README "Shopify"); the path after /webhooks/shopify/ names one. */
export const SHOPIFY_TOPICS = [
  'app/uninstalled',
  'customers/data_request',
  'customers/redact',
  'shop/redact',
  'orders/updated',
  'refunds/create',
  'products/create',
  'products/update',
  'products/delete',
] as const;
export type ShopifyTopic = (typeof SHOPIFY_TOPICS)[number];

export type Delivery = 'applied' | 'duplicate' | 'unknown-shop' | 'wrong-shop';

interface Payload {
  id?: unknown;
  shop_domain?: unknown;
  myshopify_domain?: unknown;
  order_id?: unknown;
  customer?: { email?: unknown };
  orders_to_redact?: unknown;
  orders_requested?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const numbers = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v)).map(String) : [];

/** How Shopify names one delivery: X-Shopify-Webhook-Id (a retry keeps it) and X-Shopify-Event-Id (one per event). */
export interface DeliveryIds {
  webhookId: string;
  eventId: string;
}

/** The keys a delivery is remembered by, event first: whichever delivery claims it first acts. */
const deliveryKeys = ({ webhookId, eventId }: DeliveryIds) => [
  ...(eventId ? [eventId] : []),
  ...(webhookId ? [`webhook:${webhookId}`] : []),
];

/**
 * The shop a topic's signed body names, where it names one (the header naming the shop is not signed): the shop
 * itself for app/uninstalled, `shop_domain` for the privacy topics. Orders, refunds and products name none.
 */
function signedShop(topic: ShopifyTopic, payload: Payload): string | null {
  if (topic === 'app/uninstalled') return text(payload.myshopify_domain).toLowerCase();
  if (topic === 'customers/data_request' || topic === 'customers/redact' || topic === 'shop/redact')
    return text(payload.shop_domain).toLowerCase();
  return null;
}

/** Acts on a verified webhook once per delivery, known by its webhook id or its event id. */
export class ShopifyWebhooksService {
  constructor(
    private readonly deps: {
      installs: ShopifyInstalls;
      privacy: Pick<Privacy, 'forgetCustomer' | 'forgetShop'>;
      clock: Clock;
      /** Drops an order read through (named by Shopify's id), so the next look reads it again. */
      forgetOrder: (shopId: number, shopifyOrderId: number) => void;
      /** Drops the shop's catalogue kept for shoppers, so the next page reads Shopify again. */
      forgetCatalogue: (shopId: number) => void;
    },
  ) {}

  /** `ids` must name the delivery (the routes refuse one that names neither). */
  async deliver(topic: ShopifyTopic, domain: string, ids: DeliveryIds, payload: Payload): Promise<Delivery> {
    const { installs, clock } = this.deps;
    const named = signedShop(topic, payload);
    if (named !== null && named !== domain) return 'wrong-shop';
    const install = await installs.byDomain(domain);
    if (!install) return 'unknown-shop';
    const now = nowSeconds(clock);
    const keys = deliveryKeys(ids);
    if (keys.length === 0 || !(await installs.firstDelivery(keys, topic, domain, now))) return 'duplicate';
    try {
      await this.apply(topic, install.shopId, domain, payload, now);
    } catch (error) {
      // Not applied: Shopify's retry of this delivery must be, so its ids are not kept.
      await installs.forgetDelivery(keys);
      throw error;
    }
    return 'applied';
  }

  private async apply(topic: ShopifyTopic, shopId: number, domain: string, payload: Payload, now: number) {
    const { installs, privacy } = this.deps;
    switch (topic) {
      case 'app/uninstalled':
        await installs.uninstall(domain, now);
        break;
      case 'customers/data_request':
        await installs.recordDataRequest(shopId, text(payload.customer?.email), JSON.stringify(payload), now);
        break;
      case 'customers/redact':
        await privacy.forgetCustomer(shopId, {
          email: text(payload.customer?.email),
          platformOrderIds: numbers(payload.orders_to_redact),
        });
        break;
      case 'shop/redact':
        await privacy.forgetShop(shopId);
        break;
      case 'orders/updated':
        if (Number.isSafeInteger(payload.id)) this.deps.forgetOrder(shopId, payload.id as number);
        break;
      case 'refunds/create':
        if (Number.isSafeInteger(payload.order_id)) this.deps.forgetOrder(shopId, payload.order_id as number);
        break;
      case 'products/create':
      case 'products/update':
      case 'products/delete':
        this.deps.forgetCatalogue(shopId);
        break;
    }
  }
}
