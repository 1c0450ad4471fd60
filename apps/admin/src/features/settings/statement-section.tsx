import { LOCALE_NAMES } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../shared/session';
import { Section, TextControl } from './controls';
import { DEFAULT_TEXT_LANGUAGE, type LanguageProps, type SectionProps } from './section-props';

/**
 * The merchant's part of the shop's accessibility statement (ADR 043): the feedback address, the enforcement body and
 * their own text, this one per language (the language picked for the login texts). The rest the server generates.
 */
export function StatementSection({ draft, update, errorOf, lang }: SectionProps & LanguageProps) {
  const { t } = useTranslation();
  const { shop } = useSignedIn();
  const part = draft.accessibility;
  const base = lang === DEFAULT_TEXT_LANGUAGE;
  const textName = base ? 'accessibility.extra_text' : `accessibility.extra_text_translations.${lang}`;
  const setText = (value: string) => {
    if (base) {
      update('accessibility', { ...part, extra_text: value });
      return;
    }
    const { [lang]: _old, ...others } = part.extra_text_translations;
    update('accessibility', {
      ...part,
      extra_text_translations: value === '' ? others : { ...others, [lang]: value },
    });
  };
  return (
    <Section id="accessibility" title={t('settings.sections.accessibility')}>
      <p className="hint">
        {t('settings.accessibility.intro')}{' '}
        <a href={`/accessibility?shop=${encodeURIComponent(shop.shop_url)}`} target="_blank" rel="noreferrer">
          {t('settings.accessibility.open')}
        </a>
      </p>
      <TextControl
        name="accessibility.feedback_email"
        label={t('settings.field.accessibility.feedback_email')}
        hint={t('settings.accessibility.feedbackHint')}
        error={errorOf('accessibility.feedback_email')}
        value={part.feedback_email}
        onChange={(value) => update('accessibility', { ...part, feedback_email: value })}
      />
      <TextControl
        name="accessibility.enforcement_body"
        label={t('settings.field.accessibility.enforcement_body')}
        hint={t('settings.accessibility.enforcementHint')}
        error={errorOf('accessibility.enforcement_body')}
        multiline
        value={part.enforcement_body}
        onChange={(value) => update('accessibility', { ...part, enforcement_body: value })}
      />
      <TextControl
        name={textName}
        label={`${t('settings.field.accessibility.extra_text')} (${base ? t('settings.texts.defaultLanguage') : LOCALE_NAMES[lang]})`}
        hint={t('settings.accessibility.textHint')}
        error={errorOf(textName)}
        multiline
        value={base ? part.extra_text : (part.extra_text_translations[lang] ?? '')}
        placeholder={base ? undefined : part.extra_text}
        onChange={setText}
      />
    </Section>
  );
}
