import { CONSOLE_LOCALES, type ConsoleLocale } from '@return-center/contract/zod-free';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { consoleCall } from '../../shared/api';
import { browserLocale } from '../../shared/i18n';
import { fetchSession, useSetSession, useSignedIn } from '../../shared/session';
import { Field } from '../../shared/ui/field';

/** Each language by its own name, as a reader of it looks for it in any console language. */
const NATIVE_NAMES: Record<ConsoleLocale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
  ja: '日本語',
  zh: '简体中文',
  ar: 'العربية',
  he: 'עברית',
};

/** The member's console language, kept on their account: the console, its dates and its money follow it. */
export function LanguageSection() {
  const { t } = useTranslation();
  const { account } = useSignedIn();
  const setSession = useSetSession();
  const save = useMutation({
    mutationFn: async (language: ConsoleLocale) => {
      await consoleCall('setLanguage', { language });
      setSession(await fetchSession());
    },
  });
  return (
    <section className="card" aria-labelledby="language-title">
      <h2 id="language-title">{t('account.languageTitle')}</h2>
      <Field label={t('account.languageLabel')} hint={t('account.languageHint')} error={save.error?.message}>
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            value={account.language ?? browserLocale()}
            disabled={save.isPending}
            onChange={(event) => save.mutate(event.target.value as ConsoleLocale)}
          >
            {CONSOLE_LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {NATIVE_NAMES[code]}
              </option>
            ))}
          </select>
        )}
      </Field>
    </section>
  );
}
