import type { ShopSettings } from '@return-center/contract';

/** Google Fonts' stylesheet origin serves its font files from another origin. */
const FONT_FILE_ORIGINS: Record<string, string> = { 'https://fonts.googleapis.com': 'https://fonts.gstatic.com' };

const httpsOrigin = (value: string): string | null => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
};

/**
 * The origins the shop's own look loads from (logo, background, product-page logo, font stylesheet and its files).
 * Merchant CSS may load from these and nowhere else, and the portal's Content Security Policy names only these.
 */
export function assetOrigins(settings: ShopSettings): string[] {
  const { style } = settings;
  const candidates = [
    style.background_image,
    style.portal_top_content.type === 'logo' ? style.portal_top_content.value : '',
    style.ex_product_page.logo,
    style.font_family.link,
  ];
  const origins = candidates.map(httpsOrigin).filter((origin): origin is string => origin !== null);
  const fontFiles = origins.map((origin) => FONT_FILE_ORIGINS[origin]).filter((o): o is string => Boolean(o));
  return [...new Set([...origins, ...fontFiles])];
}
