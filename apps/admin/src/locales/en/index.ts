/**
 * English, the fallback, ships in the entry: every area but those of pages many members seldom or never open, which
 * load with their page (`withEnglishOf` in shared/i18n.ts, which lists the same areas).
 */
export default import.meta.glob<{ default: Record<string, unknown> }>(
  [
    './*.json',
    '!./rules.json',
    '!./settings.json',
    '!./analytics.json',
    '!./emails.json',
    '!./webhooks.json',
    '!./keys.json',
    '!./staff.json',
    '!./account.json',
  ],
  { eager: true },
);
