import type { MailMessage } from '../../adapters/mail/port.js';
import type { Shop } from '../storefront-config/shops.repository.js';
import { brandedHtml, brandOf, escapeHtml } from './branded-layout.js';
import { mailText } from './mail-locales.js';

/** The sign-in code email, in the shopper's language and the shop's brand. */
export function verificationEmail(shop: Shop, to: string, code: string, lang: string, ttlMinutes: number): MailMessage {
  const vars = { store: shop.name, minutes: ttlMinutes };
  const lines = [
    mailText(lang, 'codeIntro', vars),
    mailText(lang, 'codeExpiry', vars),
    mailText(lang, 'codeIgnore', vars),
  ];
  const html = brandedHtml(
    brandOf(shop, lang),
    `<p>${escapeHtml(lines[0]!)}</p><p style="font-size:32px;letter-spacing:8px;font-weight:700">${code}</p><p>${escapeHtml(lines[1]!)}</p><p style="color:#666">${escapeHtml(lines[2]!)}</p>`,
  );
  return {
    shopId: shop.id,
    to,
    subject: mailText(lang, 'codeSubject', vars),
    text: `${lines[0]}\n\n${code}\n\n${lines[1]}\n${lines[2]}\n`,
    html,
  };
}
