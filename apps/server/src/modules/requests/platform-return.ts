import type { PlatformReturn, ReturnDecision } from '../../adapters/store-platform/port.js';
import type { ShopLookup } from '../storefront-config/shop.js';
import type { RequestRecord } from './request-record.js';
import type { RequestsRepository } from './requests.repository.js';

/**
 * The request as a return at the platform: its units, each with the merchant's reason as the shop words it, the
 * merchant's decision, and the exchange draft it holds (an exchange), which the platform may make the return's own
 * exchange items (ADR 048).
 */
export async function platformReturnOf(
  deps: { shops: ShopLookup; requests: RequestsRepository },
  request: RequestRecord,
  decision: ReturnDecision,
): Promise<PlatformReturn> {
  const reasons = (await deps.shops.byId(request.shop_id))?.settings.reasons ?? [];
  const lines = (await deps.requests.items(request.id)).map((item) => ({
    lineId: item.order_line_id,
    quantity: item.quantity,
    reason: reasons.find((r) => r.id === item.reason_id)?.text ?? item.reason_text,
  }));
  return {
    orderId: request.order_id,
    requestId: request.id,
    lines,
    decision,
    ...(request.exchange_draft_order_id ? { exchangeDraftId: request.exchange_draft_order_id } : {}),
  };
}
