import type { WebhookEventType } from '@return-center/contract';
import type { JobHandler } from '../jobs/worker.js';
import type { MerchantService } from '../merchant/merchant.service.js';
import type { RequestEvent } from '../notifications/request-emails.js';
import type { RequestReads } from '../requests/request-reads.js';
import type { RequestRecord } from '../requests/request-record.js';
import type { Shop, ShopLookup } from '../storefront-config/shop.js';
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

interface Deps {
  webhooks: Pick<WebhooksService, 'publish'>;
  merchant: Pick<MerchantService, 'detail'>;
}

/**
 * Publishes what happened to a request as an event whose data is the request as the merchant API answers it (`GET
 * /requests/{id}`), once per request and `key` however often it is announced.
 */
async function publishRequest(deps: Deps, shop: Shop, request: RequestRecord, type: WebhookEventType, key: string) {
  const detail = await deps.merchant.detail(shop, request);
  await deps.webhooks.publish(shop.id, type, `request:${String(request.id)}:${key}`, { request: detail }, request.id);
}

/** A moment the shopper is emailed about (the email job announces it first). */
export const announceRequest = (deps: Deps, shop: Shop, request: RequestRecord, event: RequestEvent) =>
  publishRequest(deps, shop, request, TYPE_OF[event], event);

/** Something else that happened to a request: a label, tracking, an exchange order, a failed payout, a flag, an edit. */
export function announceJob(
  deps: Deps & { requests: Pick<RequestReads, 'byId'>; shops: ShopLookup },
): JobHandler<'request.announce'> {
  return async ({ requestId, type, key }) => {
    const request = await deps.requests.byId(requestId);
    const shop = request && (await deps.shops.byId(request.shop_id));
    if (!request || !shop) return;
    await publishRequest(deps, shop, request, type, key);
  };
}
