import { supportedLocale } from '@return-center/contract/zod-free';
import type { StoreConfig } from '@return-center/contract';
import { useEffect } from 'react';
import { listenToParent, reportHeight, setAllowedOrigins } from '../shared/embed';
import { changeLanguage, setParentDirection } from '../shared/i18n';
import { useSession } from '../shared/session-store';
import { loadFont } from '../shared/theme';

/** Framed use (spec §4): the parent may set direction, locale and its URL, and load a font. */
export function useEmbedding(config: StoreConfig | null) {
  useEffect(() => {
    if (!config) return;
    setAllowedOrigins(config.embed_origins);
    const stopHeight = reportHeight();
    const stopListening = listenToParent(async (message) => {
      if (message.type === 'pp_return:loadFont') {
        loadFont(message.font, message.link);
        return;
      }
      // Set before any language change, so that no change in flight can undo it.
      if (message.direction) setParentDirection(message.direction);
      // The parent may name the language another way ('no', 'nb-NO', 'zh-TW'): the locale it names is used.
      const locale = supportedLocale(message.locale ?? '');
      if (locale && config.lang_list.includes(locale)) {
        useSession.getState().setLanguage(locale);
        await changeLanguage(locale);
      }
    });
    return () => {
      stopHeight();
      stopListening();
    };
  }, [config]);
}
