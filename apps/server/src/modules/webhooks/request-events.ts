import type { WebhookEventType } from '@return-center/contract';
import type { MerchantService } from '../merchant/merchant.service.js';
import type { RequestEvent } from '../notifications/request-emails.js';
import type { RequestRecord } from '../requests/request-record.js';
import type { Shop } from '../storefront-config/shop.js';
import type { WebhooksService } from './webhooks.service.js';

/** The webhook event of each moment the shopper is emailed about. */
const TYPE_OF: Record<RequestEvent, WebhookEventType> = {
  submitted: 'request.created',
  approved: 'request.approved',
  rejected: 'request.rejected',
  received: 'request.received',
  refunded: 'request.refunded',
  resolved: 'request.resolved',
};

/**
 * Publishes a request's move as an event whose data is the request as the merchant API answers it (`GET
 * /requests/{id}`), once per request and moment however often it is announced.
 */
export async function announceRequest(
  deps: { webhooks: Pick<WebhooksService, 'publish'>; merchant: Pick<MerchantService, 'detail'> },
  shop: Shop,
  request: RequestRecord,
  event: RequestEvent,
): Promise<void> {
  const detail = await deps.merchant.detail(shop, request);
  await deps.webhooks.publish(
    shop.id,
    TYPE_OF[event],
    `request:${String(request.id)}:${event}`,
    { request: detail },
    request.id,
  );
}
