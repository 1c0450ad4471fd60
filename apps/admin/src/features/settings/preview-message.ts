import type { Locale, ShopSettings, StoreStyle, StoreText } from '@return-center/contract';
import { readableTextOn } from '@return-center/domain/contrast';

/** What the settings page posts to the portal in its preview frame (apps/portal/src/shared/preview.ts reads it). */
export interface PreviewMessage {
  type: 'rc-preview:config';
  style: StoreStyle;
  text: StoreText;
  is_remove_brand: 0 | 1;
}

/** The portal in the preview frame says so once it listens; the page then posts the draft. */
export const PREVIEW_READY = 'rc-preview:ready';

/**
 * The draft as a shopper in `lang` would get it from the server: the language's non-empty texts over the default ones,
 * and a button text colour below AA on the theme colour replaced by black or white (storefront-config's shopperStyle).
 */
export function previewMessage(draft: ShopSettings, lang: Locale): PreviewMessage {
  const overrides = Object.entries(draft.text_translations[lang] ?? {}).filter(([, value]) => value !== '');
  const { style } = draft;
  return {
    type: 'rc-preview:config',
    style: {
      ...style,
      primary_btn_text_color: readableTextOn(style.return_page_primary_color, style.primary_btn_text_color),
    },
    text: { ...draft.text, ...Object.fromEntries(overrides) },
    is_remove_brand: draft.is_remove_brand,
  };
}
