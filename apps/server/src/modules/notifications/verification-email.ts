import type { MailMessage } from '../../adapters/mail/port.js';
import type { Shop } from '../storefront-config/shop.js';
import type { EmailTemplatesService } from './email-templates.service.js';

/** The sign-in code email, from the shop's template in the shopper's language and the shop's brand. */
export function verificationEmail(
  templates: Pick<EmailTemplatesService, 'message'>,
  shop: Shop,
  to: string,
  code: string,
  lang: string,
  ttlMinutes: number,
): Promise<MailMessage> {
  return templates.message(shop, 'sign_in_code', lang, to, {
    store_name: shop.name,
    code,
    minutes: String(ttlMinutes),
  });
}
