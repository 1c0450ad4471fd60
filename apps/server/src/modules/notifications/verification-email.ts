import type { MailMessage } from '../../adapters/mail/port.js';
import type { Shop } from '../storefront-config/shop.js';
import { brandedHtml, brandOf, escapeHtml } from './branded-layout.js';
import { mailText } from './mail-locales.js';

/** The sign-in code email, in the shopper's language and the shop's brand. */
export function verificationEmail(shop: Shop, to: string, code: string, lang: string, ttlMinutes: number): MailMessage {
  const vars = { store: shop.name, minutes: ttlMinutes };
  const intro = mailText(lang, 'codeIntro', vars);
  const expiry = mailText(lang, 'codeExpiry', vars);
  const ignore = mailText(lang, 'codeIgnore', vars);
  const html = brandedHtml(
    brandOf(shop, lang),
    `<p>${escapeHtml(intro)}</p><p style="font-size:32px;letter-spacing:8px;font-weight:700">${code}</p><p>${escapeHtml(expiry)}</p><p style="color:#666">${escapeHtml(ignore)}</p>`,
  );
  return {
    shopId: shop.id,
    to,
    subject: mailText(lang, 'codeSubject', vars),
    text: `${intro}\n\n${code}\n\n${expiry}\n${ignore}\n`,
    html,
  };
}
