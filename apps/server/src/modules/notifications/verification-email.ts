import { RTL_LOCALES, type Locale } from '@return-center/contract';
import type { MailMessage } from '../../adapters/mail/port.js';
import type { Shop } from '../storefront-config/shops.repository.js';
import { brandedHtml, escapeHtml } from './branded-layout.js';
import { mailText } from './mail-locales.js';

/** The sign-in code email, in the shopper's language and the shop's brand. */
export function verificationEmail(shop: Shop, to: string, code: string, lang: string, ttlMinutes: number): MailMessage {
  const vars = { store: shop.name, minutes: ttlMinutes };
  const top = shop.settings.style.portal_top_content;
  const lines = [
    mailText(lang, 'codeIntro', vars),
    mailText(lang, 'codeExpiry', vars),
    mailText(lang, 'codeIgnore', vars),
  ];
  const html = brandedHtml(
    {
      storeName: shop.name,
      primaryColor: shop.settings.style.return_page_primary_color,
      buttonTextColor: shop.settings.style.primary_btn_text_color,
      logoUrl: top.type === 'logo' && top.value ? top.value : null,
      direction: RTL_LOCALES.includes(lang as Locale) ? 'rtl' : 'ltr',
    },
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
