import { consoleLocale, DEFAULT_LANGUAGE, RTL_LOCALES, type ConsoleLocale } from '@return-center/contract/zod-free';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en';

/**
 * The console's strings go through i18next like the portal's (issues 15 and 33). One file per area
 * (`locales/<code>/queue.json` holds the `queue.*` keys); English ships in the entry and is the fallback, every other
 * language is its own chunk, loaded when a member's choice or browser asks for it.
 */
type AreaFiles = Record<string, { default: Record<string, unknown> }>;
const loaders = import.meta.glob<{ default: AreaFiles }>(['../locales/*/index.ts', '!../locales/en/index.ts']);

/** A language's strings by area: `./queue.json` holds the `queue.*` keys. */
const byArea = (files: AreaFiles) =>
  Object.fromEntries(
    Object.entries(files).map(([path, file]) => [/([\w-]+)\.json$/.exec(path)?.[1] ?? path, file.default]),
  );

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: { en: { translation: byArea(en) } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** English areas left out of the entry (locales/en/index.ts), each loaded with the page that uses it. */
const englishOfPages = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/en/rules.json',
  '../locales/en/settings.json',
  '../locales/en/analytics.json',
  '../locales/en/emails.json',
  '../locales/en/webhooks.json',
  '../locales/en/keys.json',
  '../locales/en/staff.json',
  '../locales/en/account.json',
]);

/** A page's module once the English strings of its `areas` are in (the fallback of every other language). */
export async function withEnglishOf<T>(areas: string[], page: Promise<T>): Promise<T> {
  await Promise.all(
    areas.map(async (area) => {
      const load = englishOfPages[`../locales/en/${area}.json`];
      if (!load || i18n.exists(area, { lng: DEFAULT_LANGUAGE })) return;
      i18n.addResourceBundle(DEFAULT_LANGUAGE, 'translation', { [area]: (await load()).default }, true, true);
    }),
  );
  return page;
}

/** The browser's first language the console speaks, else English: the language of a member who has not chosen. */
export function browserLocale(): ConsoleLocale {
  for (const tag of navigator.languages) {
    const locale = consoleLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LANGUAGE;
}

let current: ConsoleLocale = DEFAULT_LANGUAGE;
/** The language last asked for: a slower load of an earlier one does not win over it. */
let wanted: ConsoleLocale = DEFAULT_LANGUAGE;

/**
 * The one place that decides how dates, numbers and money are written (shared/format.ts and analytics): the console
 * language, in the browser's region when it has one for that language (`de-CH` for German, `en-GB` for English).
 */
export function formatLocale(): string {
  return navigator.languages.find((tag) => consoleLocale(tag) === current) ?? current;
}

/** Shows the console in `code`: loads its strings first, then sets `<html lang dir>` (ar and he read right to left). */
export async function applyLanguage(code: ConsoleLocale): Promise<void> {
  wanted = code;
  const loader = loaders[`../locales/${code}/index.ts`];
  if (loader && !i18n.hasResourceBundle(code, 'translation')) {
    i18n.addResourceBundle(code, 'translation', byArea((await loader()).default));
  }
  if (wanted !== code) return;
  current = code;
  await i18n.changeLanguage(code);
  document.documentElement.lang = code;
  document.documentElement.dir = RTL_LOCALES.includes(code) ? 'rtl' : 'ltr';
}

export { i18n };
