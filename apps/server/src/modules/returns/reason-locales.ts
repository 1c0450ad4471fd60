import { readdirSync, readFileSync } from 'node:fs';
import {
  DEFAULT_LANGUAGE,
  supportedLocale,
  type Locale,
  type Reason,
  type ReasonSetting,
} from '@return-center/contract';

/**
 * Built-in wording of the default return reasons (DEFAULT_RETURN_REASONS): one JSON file per locale beside this
 * module, keyed by the English text. Maps, not objects, so no reason text or language code reaches a prototype.
 */
const dir = new URL('./reason-locales/', import.meta.url);
export const reasonTexts: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(
  readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [
      file.slice(0, -5),
      new Map(Object.entries(JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Record<string, string>)),
    ]),
);

/** The supported language a requested code names (`fr-CA` → fr, `no` → nb), else English. */
export const reasonLocale = (lang: string): Locale => supportedLocale(lang) ?? DEFAULT_LANGUAGE;

/**
 * A reason's text in one language: the merchant's own translation for it, else the built-in one when the reason
 * still has a default reason's English text, else the reason's own text.
 */
export function reasonText(reason: ReasonSetting, lang: string): string {
  const locale = reasonLocale(lang);
  const { translations } = reason;
  const own = translations && Object.hasOwn(translations, locale) ? translations[locale]?.trim() : undefined;
  if (own) return own;
  return reasonTexts.get(locale)?.get(reason.text) ?? reason.text;
}

/** The reasons as getReason answers them, in one language (the stored translations stay on the server). */
export const reasonsIn = (reasons: readonly ReasonSetting[], lang: string): Reason[] =>
  reasons.map((reason) => ({
    id: reason.id,
    group_id: reason.group_id,
    text: reasonText(reason, lang),
    proof: reason.proof,
  }));
