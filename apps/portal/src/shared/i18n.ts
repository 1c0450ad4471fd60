import { DEFAULT_LANGUAGE, RTL_LOCALES, supportedLocale } from '@return-center/contract/zod-free';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

/** Other locales load on demand (their JSON files become separate chunks); English is the fallback, always here. */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>(['../locales/*.json', '!../locales/en.json']);

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

/** The language last asked for, whose date locale a page that shows dates loads first. */
let requested: string = DEFAULT_LANGUAGE;
/** Set once a page that shows dates has loaded dayjs (date.ts): the login route shows none and goes without. */
let loadDateLocale: ((code: string) => Promise<void>) | null = null;

/** For date.ts: loads the language's date locale now, and each chosen language's from then on. */
export function setDateLocaleLoader(load: (code: string) => Promise<void>): Promise<void> {
  loadDateLocale = load;
  return load(requested);
}

export async function changeLanguage(tag: string, { chosenByShopper = false } = {}): Promise<void> {
  if (chosenByShopper) parentDirection = null;
  const code = supportedLocale(tag) ?? DEFAULT_LANGUAGE;
  requested = code;
  const loader = loaders[`../locales/${code}.json`];
  if (loader && !i18n.hasResourceBundle(code, 'translation')) {
    i18n.addResourceBundle(code, 'translation', (await loader()).default);
  }
  await Promise.all([
    i18n.changeLanguage(loader || code === DEFAULT_LANGUAGE ? code : DEFAULT_LANGUAGE),
    loadDateLocale?.(code),
  ]);
  document.documentElement.lang = code;
  document.documentElement.dir = parentDirection ?? (RTL_LOCALES.includes(code) ? 'rtl' : 'ltr');
}

export { i18n };
