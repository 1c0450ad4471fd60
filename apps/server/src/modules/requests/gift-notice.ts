import type { MailTransport } from '../../adapters/mail/port.js';
import type { StorePlatform } from '../../adapters/store-platform/port.js';
import { nowSeconds, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { giftNoticeEmail } from '../notifications/gift-notice-email.js';
import type { ShopLookup } from '../storefront-config/shop.js';
import { recordEvent, type RequestsRepository } from './requests.repository.js';

/**
 * The buyer's notice of a gift return (job `request.gift-notice`, ADR 044), sent only while the shop tells buyers; the
 * request's timeline shows it like its other emails. A rerun after the mail went sends it again (at most once more).
 */
export async function sendGiftNotice(
  deps: {
    db: Db;
    shops: ShopLookup;
    platform: StorePlatform;
    mail: MailTransport;
    requests: RequestsRepository;
    clock: Clock;
  },
  requestId: number,
): Promise<void> {
  const request = await deps.requests.byId(requestId);
  if (!request?.gift_email) return;
  const shop = await deps.shops.byId(request.shop_id);
  if (!shop?.settings.gift_returns.tell_buyer) return;
  const order = await deps.platform.getOrder(shop.id, request.order_id);
  if (!order) return;
  const items = (await deps.requests.items(request.id)).map((item) => ({
    title: [item.title, item.variant_title].filter(Boolean).join(' / '),
    quantity: item.quantity,
  }));
  const message = giftNoticeEmail(shop, order, items);
  await deps.mail.send(message);
  await recordEvent(deps.db, {
    request_id: request.id,
    actor: 'system',
    action: 'email',
    from_status: request.status,
    to_status: request.status,
    note: `${message.subject} → ${message.to}`,
    at: nowSeconds(deps.clock),
  });
}
