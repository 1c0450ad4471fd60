import { RTL_LOCALES, supportedLocale } from '@return-center/contract';
import type { Shop } from '../storefront-config/shop.js';

export interface Brand {
  storeName: string;
  primaryColor: string;
  buttonTextColor: string;
  logoUrl: string | null;
  direction: 'ltr' | 'rtl';
}

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const safeColor = (color: string, fallback: string) => (/^#[0-9a-f]{3,8}$/i.test(color) ? color : fallback);

/** Wraps an email body in the shop's brand: logo or name, primary colour, text direction. */
export function brandedHtml(brand: Brand, bodyHtml: string): string {
  const primary = safeColor(brand.primaryColor, '#000000');
  const header = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.storeName)}" style="max-height:48px">`
    : `<strong style="font-size:20px">${escapeHtml(brand.storeName)}</strong>`;
  return `<!doctype html><html dir="${brand.direction}"><body style="margin:0;background:#f5f5f5;font-family:Helvetica,Arial,sans-serif;color:#1a1a1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-top:4px solid ${primary}">
<tr><td style="padding:24px">${header}</td></tr>
<tr><td style="padding:0 24px 24px;font-size:15px;line-height:1.5">${bodyHtml}</td></tr>
</table></td></tr></table></body></html>`;
}

/** The shop's brand for an email in `lang`. */
export function brandOf(shop: Shop, lang: string): Brand {
  const top = shop.settings.style.portal_top_content;
  return {
    storeName: shop.name,
    primaryColor: shop.settings.style.return_page_primary_color,
    buttonTextColor: shop.settings.style.primary_btn_text_color,
    logoUrl: top.type === 'logo' && top.value ? top.value : null,
    direction: RTL_LOCALES.includes(supportedLocale(lang) ?? 'en') ? 'rtl' : 'ltr',
  };
}
