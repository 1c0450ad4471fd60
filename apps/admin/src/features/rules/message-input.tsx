import { LOCALE_NAMES, type Locale, type ShopperMessage } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { TextInput } from './value-inputs';

interface Props {
  message: ShopperMessage;
  /** The shop's languages other than English: each may have its own wording. */
  languages: readonly Locale[];
  onChange: (message: ShopperMessage) => void;
  errorOf: (field: string) => string | undefined;
}

/**
 * A rule's words to shoppers: the text every language falls back to, and a version per language of the shop. An
 * empty version is left out, so the shopper in that language reads the text.
 */
export function MessageInput({ message, languages, onChange, errorOf }: Props) {
  const { t } = useTranslation();
  const translate = (code: Locale, value: string) => {
    const { [code]: _old, ...others } = message.translations;
    onChange({ ...message, translations: value.trim() ? { ...others, [code]: value } : others });
  };
  return (
    <fieldset className="rule-message">
      <legend>{t('rules.editor.messageTitle')}</legend>
      <TextInput
        label={t('rules.editor.message')}
        value={message.text}
        error={errorOf('message.text')}
        onChange={(text) => onChange({ ...message, text })}
      />
      {languages.length > 0 ? (
        <details open={Object.keys(message.translations).length > 0}>
          <summary>{t('rules.editor.messageLanguages', { count: Object.keys(message.translations).length })}</summary>
          {languages.map((code) => (
            <TextInput
              key={code}
              label={t('rules.editor.messageIn', { language: LOCALE_NAMES[code], code })}
              value={message.translations[code] ?? ''}
              error={errorOf(`message.translations.${code}`)}
              onChange={(value) => translate(code, value)}
            />
          ))}
        </details>
      ) : null}
    </fieldset>
  );
}
