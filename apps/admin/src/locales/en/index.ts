/**
 * English, the fallback, ships in the entry: every area but those of pages some members never open (rules, settings,
 * analytics), which load with their page (`withEnglishOf` in shared/i18n.ts).
 */
export default import.meta.glob<{ default: Record<string, unknown> }>(
  ['./*.json', '!./rules.json', '!./settings.json', '!./analytics.json'],
  { eager: true },
);
