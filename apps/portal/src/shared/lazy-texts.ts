import { DEFAULT_LANGUAGE } from '@return-center/contract/zod-free';
import { useEffect, useState } from 'react';
import { i18n } from './i18n';

/**
 * Texts of pages the login route never shows, kept out of its JavaScript (DESIGN §6 budget): `locales/<area>/<code>.json`,
 * each its own chunk, added to i18next as the namespace `<area>` when a page asks for it.
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/statement/*.json',
  '../locales/withdrawal/*.json',
]);

export type TextArea = 'statement' | 'withdrawal';

const has = (area: TextArea, code: string) => i18n.hasResourceBundle(code, area);

async function load(area: TextArea, code: string): Promise<void> {
  const loader = loaders[`../locales/${area}/${code}.json`];
  if (!loader || has(area, code)) return;
  i18n.addResourceBundle(code, area, (await loader()).default);
}

/** Whether the area's texts in `language` (and English, the fallback) are loaded; loads them if not. */
export function useLazyTexts(area: TextArea, language: string): boolean {
  const ready = () =>
    has(area, DEFAULT_LANGUAGE) && (has(area, language) || !loaders[`../locales/${area}/${language}.json`]);
  const [loaded, setLoaded] = useState<string | null>(() => (ready() ? language : null));
  useEffect(() => {
    let current = true;
    Promise.all([load(area, DEFAULT_LANGUAGE), load(area, language)])
      .then(() => {
        if (current) setLoaded(language);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [area, language]);
  return loaded === language || ready();
}
