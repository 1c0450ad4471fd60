import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The console's strings go through i18next like the portal's, English first (issue 15). One file per area
 * (`locales/en/queue.json` holds the `queue.*` keys), so each screen's wording sits beside the others of its kind.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/en/*.json', { eager: true });
const translation = Object.fromEntries(
  Object.entries(files).map(([path, file]) => [/([\w-]+)\.json$/.exec(path)?.[1] ?? path, file.default]),
);

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18n };
