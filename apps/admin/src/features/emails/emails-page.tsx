import { LOCALE_NAMES, LOCALES, type Locale } from '@return-center/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../shared/session';
import { Field } from '../../shared/ui/field';
import { Failed, Loading, Page } from '../../shared/ui/page';
import { EmailEditor } from './email-editor';
import { EMAILS_KEY, getEmail, listEmails, templateKey } from './emails-api';
import './emails.css';

/**
 * The emails the shop sends its shoppers (issue 34 point 3): each notification's subject and body per language, with
 * its variables, a live preview, a test to oneself and a way back to the default. The owner saves; staff preview.
 */
export function Component() {
  const { t } = useTranslation();
  const owner = useSignedIn().account.role === 'owner';
  const list = useQuery({ queryKey: [...EMAILS_KEY, 'list'], queryFn: listEmails });
  const [chosen, setChosen] = useState('');
  const [lang, setLang] = useState<Locale>('en');
  const key = chosen || list.data?.[0]?.key || '';
  const notification = list.data?.find((n) => n.key === key);
  const template = useQuery({
    queryKey: templateKey(key, lang),
    queryFn: () => getEmail(key, lang),
    enabled: key !== '',
  });
  const nameOf = (n: { key: string; title: string }) => t(`emails.names.${n.key}`, { defaultValue: n.title });
  return (
    <Page title={t('emails.title')}>
      <p>{t('emails.intro')}</p>
      {owner ? null : <p className="notice">{t('emails.readOnly')}</p>}
      {list.isPending ? <Loading label={t('common.loading')} /> : null}
      {list.isError ? <Failed message={list.error.message} retry={() => void list.refetch()} /> : null}
      {list.data ? (
        <div className="card emails-choice">
          <Field label={t('emails.notification')}>
            {({ id }) => (
              <select id={id} value={key} onChange={(e) => setChosen(e.target.value)}>
                {list.data.map((n) => (
                  <option key={n.key} value={n.key}>
                    {n.edited_languages.length > 0 ? t('emails.editedName', { name: nameOf(n) }) : nameOf(n)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('emails.language')}>
            {({ id }) => (
              <select id={id} value={lang} onChange={(e) => setLang(e.target.value as Locale)}>
                {LOCALES.map((code) => (
                  <option key={code} value={code}>
                    {notification?.edited_languages.includes(code)
                      ? t('emails.editedName', { name: LOCALE_NAMES[code] })
                      : LOCALE_NAMES[code]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {notification ? (
            <p className="hint">{t(`emails.about.${key}`, { defaultValue: notification.description })}</p>
          ) : null}
        </div>
      ) : null}
      {template.isError ? <Failed message={template.error.message} retry={() => void template.refetch()} /> : null}
      {template.data && notification ? (
        <EmailEditor
          key={`${key}:${lang}`}
          name={nameOf(notification)}
          template={template.data}
          lang={lang}
          owner={owner}
        />
      ) : null}
    </Page>
  );
}
