import { PREVIEW_CONFIG, type Locale, type PreviewMessage, type ShopSettings } from '@return-center/contract';
import { shopperStyle, shopperText } from '@return-center/domain/shopper-look';

/**
 * The draft as a shopper in `lang` would get it from the server (the domain's shopperStyle and shopperText, which the
 * server serves with), in the message the portal's preview frame reads (contract `previewMessage`).
 */
export function previewMessage(draft: ShopSettings, lang: Locale): PreviewMessage {
  return {
    type: PREVIEW_CONFIG,
    style: shopperStyle(draft.style),
    text: shopperText(draft, lang),
    is_remove_brand: draft.is_remove_brand,
  };
}
