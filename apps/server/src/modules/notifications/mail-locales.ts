import { readdirSync, readFileSync } from 'node:fs';

/** Email wording, one JSON file per locale beside this module; English is the fallback. */
const dir = new URL('./locales/', import.meta.url);
export const mailTexts: Record<string, Record<string, string>> = Object.fromEntries(
  readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.slice(0, -5), JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Record<string, string>]),
);

const english = mailTexts.en!;
export type MailTextKey = keyof typeof english & string;

export function mailText(lang: string, key: MailTextKey, vars: Record<string, string | number>): string {
  const table = mailTexts[lang] ?? mailTexts[lang.split('-')[0]!.toLowerCase()] ?? english;
  const template = table[key] ?? english[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}
