import { LOCALE_NAMES, type ReasonSetting } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { Section, SettingsField, TextControl } from './controls';
import { anchorId } from './issues';
import { DEFAULT_TEXT_LANGUAGE, type LanguageProps, type SectionProps } from './section-props';

const PROOF = ['optional', 'required'] as const;
const ADD_ID = 'settings-add-reason';

/** The reasons shoppers pick from: text, whether a photo is asked for, the text in the language being edited. */
export function ReasonsSection({ draft, update, errorOf, lang }: SectionProps & LanguageProps) {
  const { t } = useTranslation();
  const { reasons } = draft;
  const translated = lang !== DEFAULT_TEXT_LANGUAGE;
  const change = (index: number, next: ReasonSetting) =>
    update(
      'reasons',
      reasons.map((reason, i) => (i === index ? next : reason)),
    );
  const translate = (index: number, reason: ReasonSetting, value: string) => {
    const { [lang]: _old, ...others } = reason.translations ?? {};
    const next = value ? { ...others, [lang]: value } : others;
    change(index, { ...reason, translations: Object.keys(next).length > 0 ? next : undefined });
  };
  const add = () => {
    const id = Math.max(0, ...reasons.map((reason) => reason.id)) + 1;
    update('reasons', [...reasons, { id, group_id: reasons[0]?.group_id ?? 1, text: '', proof: 'optional' }]);
    // The new row's text field, once drawn.
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`#${anchorId(`reasons.${String(reasons.length)}.text`)} input`)?.focus(),
    );
  };
  return (
    <Section id="reasons" title={t('settings.sections.reasons')}>
      {translated ? (
        <p className="hint">{t('settings.reasons.translating', { language: LOCALE_NAMES[lang] })}</p>
      ) : null}
      <ol className="settings-reasons">
        {reasons.map((reason, index) => {
          const at = `reasons.${String(index)}`;
          const number = t('settings.reasons.number', { number: index + 1 });
          return (
            <li key={reason.id} id={anchorId(at)} className="settings-reason" aria-label={number}>
              <TextControl
                name={`${at}.text`}
                label={t('settings.field.reasons.text')}
                error={errorOf(`${at}.text`)}
                value={reason.text}
                onChange={(text) => change(index, { ...reason, text })}
              />
              {translated ? (
                <TextControl
                  name={`${at}.translations.${lang}`}
                  label={t('settings.reasons.translation', { language: LOCALE_NAMES[lang] })}
                  error={errorOf(`${at}.translations.${lang}`)}
                  placeholder={reason.text}
                  value={reason.translations?.[lang] ?? ''}
                  onChange={(value) => translate(index, reason, value)}
                />
              ) : null}
              <SettingsField
                name={`${at}.proof`}
                label={t('settings.field.reasons.proof')}
                error={errorOf(`${at}.proof`)}
              >
                {({ id, describedBy }) => (
                  <select
                    id={id}
                    aria-describedby={describedBy}
                    value={reason.proof}
                    onChange={(e) => change(index, { ...reason, proof: e.target.value as ReasonSetting['proof'] })}
                  >
                    {PROOF.map((proof) => (
                      <option key={proof} value={proof}>
                        {t(`settings.reasons.proof.${proof}`)}
                      </option>
                    ))}
                  </select>
                )}
              </SettingsField>
              <button
                type="button"
                className="button secondary small settings-remove"
                aria-label={t('settings.reasons.removeNamed', { reason: reason.text || number })}
                onClick={() => {
                  update(
                    'reasons',
                    reasons.filter((_, i) => i !== index),
                  );
                  // The button goes with its row: focus moves on to adding one rather than to the page's start.
                  document.getElementById(ADD_ID)?.focus();
                }}
              >
                {t('settings.reasons.remove')}
              </button>
            </li>
          );
        })}
      </ol>
      <button type="button" id={ADD_ID} className="button secondary" onClick={add}>
        {t('settings.reasons.add')}
      </button>
    </Section>
  );
}
