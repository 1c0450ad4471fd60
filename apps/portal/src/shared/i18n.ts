import { DEFAULT_LANGUAGE, RTL_LOCALES, type Locale } from '@return-center/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

/** Other locales load on demand (their JSON files become separate chunks). */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*.json');

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: { en: { translation: en } },
  // Our codes are lower case ('zh-hant'); without this i18next would look for 'zh-Hant'.
  lowerCaseLng: true,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * A direction the embedding parent asked for; it wins over the one a locale implies (spec §4), including a language
 * change still in flight, until the shopper picks a language themselves.
 */
let parentDirection: 'ltr' | 'rtl' | null = null;

export function setParentDirection(direction: 'ltr' | 'rtl'): void {
  parentDirection = direction;
  document.documentElement.dir = direction;
}

export async function changeLanguage(code: string, { chosenByShopper = false } = {}): Promise<void> {
  if (chosenByShopper) parentDirection = null;
  const loader = loaders[`../locales/${code}.json`];
  if (code !== DEFAULT_LANGUAGE && loader && !i18n.hasResourceBundle(code, 'translation')) {
    i18n.addResourceBundle(code, 'translation', (await loader()).default);
  }
  await Promise.all([
    i18n.changeLanguage(loader || code === DEFAULT_LANGUAGE ? code : DEFAULT_LANGUAGE),
    // Date formatting is only needed past the login page, so dayjs loads on demand.
    import('./date').then((date) => date.loadDateLocale(code)),
  ]);
  document.documentElement.lang = code;
  document.documentElement.dir = parentDirection ?? (RTL_LOCALES.includes(code as Locale) ? 'rtl' : 'ltr');
}

export { i18n };
