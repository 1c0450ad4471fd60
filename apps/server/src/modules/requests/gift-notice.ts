import { DEFAULT_LANGUAGE } from '@return-center/contract';
import type { MailTransport } from '../../adapters/mail/port.js';
import type { StorePlatform } from '../../adapters/store-platform/port.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { EmailTemplatesService } from '../notifications/email-templates.service.js';
import type { ShopLookup } from '../storefront-config/shop.js';
import type { RequestsRepository } from './requests.repository.js';
import { sendRequestEmail } from './send-request-email.js';

/**
 * The buyer's language, which is not the recipient's: the platform gives no order locale, so it is the language the
 * buyer last used for a return of their own at this shop, else the portal's default (DEFAULT_LANGUAGE).
 */
async function buyerLanguage(db: Db, shopId: number, email: string): Promise<string> {
  const own = await db
    .selectFrom('return_requests')
    .select('language')
    .where('shop_id', '=', shopId)
    .where('customer_email', '=', email)
    .where('gift_email', '=', '')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return own?.language ?? DEFAULT_LANGUAGE;
}

/**
 * The buyer's notice of a gift return (job `request.gift-notice`, ADR 044): the shop's `gift_notice` email (ADR 042),
 * sent only while the shop tells buyers; the request's timeline shows it like its other emails. A rerun after the mail
 * went sends it again (at most once more).
 */
export async function sendGiftNotice(
  deps: {
    db: Db;
    shops: ShopLookup;
    platform: StorePlatform;
    mail: MailTransport;
    emails: Pick<EmailTemplatesService, 'message'>;
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
  // Never the recipient's address, the solution or the credit: only the shop, the order and the items.
  const items = (await deps.requests.items(request.id)).map(
    (item) => `${[item.title, item.variant_title].filter(Boolean).join(' / ')} × ${String(item.quantity)}`,
  );
  const language = await buyerLanguage(deps.db, shop.id, order.email);
  const message = await deps.emails.message(shop, 'gift_notice', language, order.email, {
    store_name: shop.name,
    order_number: order.name,
    items: items.join('\n'),
  });
  await sendRequestEmail(deps, request, message);
}
