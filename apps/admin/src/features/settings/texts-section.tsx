import { LOCALE_NAMES, type Locale, type StoreText } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { Section, TextControl } from './controls';
import { anchorId } from './issues';
import { DEFAULT_TEXT_LANGUAGE, type LanguageProps, type SectionProps } from './section-props';
import { TextOptions } from './text-options';

type TextKey = { [K in keyof StoreText]: StoreText[K] extends string ? K : never }[keyof StoreText];

/** The login page's wording, by tab; the longer ones get a text area. */
const TEXTS: readonly (readonly [TextKey, boolean?])[] = [
  ['order_order_number'],
  ['order_email_address'],
  ['order_confirm_button_name'],
  ['order_bottom_description', true],
  ['order_number_error_tips'],
  ['email_or_phone_error_tips'],
  ['email_address'],
  ['verification_code'],
  ['confirm_button_name'],
  ['bottom_description', true],
  ['email_address_error_tips'],
  ['verification_code_error_tips'],
  ['return_policy_link_text_name'],
];

interface Props extends SectionProps, LanguageProps {
  setLang: (lang: Locale) => void;
}

/**
 * The login texts in the language picked: English writes the shop's own `text` (every language's base, empty for the
 * portal's wording), another language writes its `text_translations` entry (empty for the English text).
 */
export function TextsSection({ draft, update, errorOf, lang, setLang }: Props) {
  const { t } = useTranslation();
  const base = lang === DEFAULT_TEXT_LANGUAGE;
  const translation = draft.text_translations[lang] ?? {};
  const setText = (key: TextKey, value: string) => {
    if (base) {
      update('text', { ...draft.text, [key]: value });
      return;
    }
    const { [key]: _dropped, ...others } = translation;
    const next = value === '' ? others : { ...others, [key]: value };
    const { [lang]: _old, ...languages } = draft.text_translations;
    update('text_translations', Object.keys(next).length > 0 ? { ...languages, [lang]: next } : languages);
  };
  const languages = [DEFAULT_TEXT_LANGUAGE, ...draft.lang_list.filter((code) => code !== DEFAULT_TEXT_LANGUAGE)];
  return (
    <Section id="text" title={t('settings.sections.texts')}>
      <div className="field">
        <label htmlFor="settings-language">{t('settings.texts.language')}</label>
        <select id="settings-language" value={lang} onChange={(e) => setLang(e.target.value as Locale)}>
          {languages.map((code) => (
            <option key={code} value={code}>
              {code === DEFAULT_TEXT_LANGUAGE ? t('settings.texts.defaultLanguage') : LOCALE_NAMES[code]}
            </option>
          ))}
        </select>
        <p className="hint">{t(base ? 'settings.texts.baseHint' : 'settings.texts.translationHint')}</p>
      </div>
      <div id={anchorId('text_translations')} className="settings-columns">
        {TEXTS.map(([key, multiline]) => {
          const name = base ? `text.${key}` : `text_translations.${lang}.${key}`;
          return (
            <TextControl
              key={key}
              name={name}
              label={t(`settings.field.text.${key}`)}
              error={errorOf(name)}
              multiline={multiline}
              value={base ? draft.text[key] : (translation[key] ?? '')}
              placeholder={
                base ? t('settings.texts.portalWording') : draft.text[key] || t('settings.texts.portalWording')
              }
              onChange={(value) => setText(key, value)}
            />
          );
        })}
      </div>
      {base ? <TextOptions draft={draft} update={update} errorOf={errorOf} /> : null}
    </Section>
  );
}
