import type { Locale, ShopSettings, StoreStyle, StoreText } from '@return-center/contract';
import { readableTextOn } from './contrast.js';

/**
 * The merchant's look as the shopper's page wears it: a button text colour below AA on the theme colour becomes black
 * or white (the contrast rule). The server serves it (getConfig, pageSetting), the console's preview shows it, and the
 * portal applies it to a theme colour from the address; none of them decides it again.
 */
export function shopperStyle(style: StoreStyle): StoreStyle {
  const buttonText = readableTextOn(style.return_page_primary_color, style.primary_btn_text_color);
  return buttonText === style.primary_btn_text_color ? style : { ...style, primary_btn_text_color: buttonText };
}

/** The merchant's texts in one language: the base texts with that language's non-empty overrides. */
export function shopperText(settings: Pick<ShopSettings, 'text' | 'text_translations'>, code: string): StoreText {
  // Own keys only: a language code such as `toString` must not reach the object's prototype.
  const translations = Object.hasOwn(settings.text_translations, code)
    ? settings.text_translations[code as Locale]
    : undefined;
  const overrides = Object.entries<StoreText[keyof StoreText] | undefined>(translations ?? {}).filter(
    ([, value]) => value !== '' && value !== undefined,
  );
  return { ...settings.text, ...Object.fromEntries(overrides) };
}
