import type { Locale, ShopSettings } from '@return-center/contract';

/** Replaces one top-level part of the draft (sections spread what they keep). */
export type Update = <K extends keyof ShopSettings>(key: K, value: ShopSettings[K]) => void;

/** What every section of the form is given: the draft, a way to change it, and the contract's issues by path. */
export interface SectionProps {
  draft: ShopSettings;
  update: Update;
  /** The contract's complaints about these paths (`style.return_page_primary_color`, `reasons.2.text`), if any. */
  errorOf: (...keys: string[]) => string | undefined;
}

/** The language whose texts are edited and previewed; English is the default `text`, the others its translations. */
export interface LanguageProps {
  lang: Locale;
}

export const DEFAULT_TEXT_LANGUAGE: Locale = 'en';
