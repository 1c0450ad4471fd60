import type { EmailTemplate, Locale } from '@return-center/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { Field } from '../../shared/ui/field';
import { EmailPreview } from './email-preview';
import {
  draftOf,
  EMAILS_KEY,
  refusedFields,
  resetEmail,
  saveEmail,
  testEmail,
  type EmailDraft,
  type FieldErrors,
} from './emails-api';

type Target = 'subject' | 'body';

/**
 * One notification in one language: its subject and body (Liquid), the variables to insert, the live preview, a test
 * to oneself, and for the owner saving and going back to the default.
 */
export function EmailEditor(props: { name: string; template: EmailTemplate; lang: Locale; owner: boolean }) {
  const { name, template, lang, owner } = props;
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<EmailDraft>(draftOf(template));
  const [said, setSaid] = useState('');
  const [asking, setAsking] = useState(false);
  const fields = { subject: useRef<HTMLInputElement>(null), body: useRef<HTMLTextAreaElement>(null) };
  const lastField = useRef<Target>('body');
  const refresh = () => void client.invalidateQueries({ queryKey: EMAILS_KEY });
  const save = useMutation({
    mutationFn: () => saveEmail(template.key, lang, draft),
    onSuccess: () => {
      setSaid(t('emails.saved'));
      refresh();
    },
    onError: (error) => {
      const refused = refusedFields(error);
      fields[refused.subject ? 'subject' : 'body'].current?.focus();
    },
  });
  const test = useMutation({
    mutationFn: () => testEmail(template.key, lang, draft),
    onSuccess: (to) => setSaid(t('emails.testSent', { to })),
  });
  const reset = useMutation({
    mutationFn: () => resetEmail(template.key, lang),
    onSuccess: (answer) => {
      setAsking(false);
      setDraft(answer.default);
      setSaid(t('emails.resetDone'));
      refresh();
    },
  });
  const errors: FieldErrors = save.error ? refusedFields(save.error) : {};
  const change = (part: Partial<EmailDraft>) => {
    setDraft({ ...draft, ...part });
    setSaid('');
  };
  /** Puts `{{ name }}` where the cursor was in the field last used. */
  const insert = (variable: string) => {
    const target = lastField.current;
    const element = fields[target].current;
    const text = `{{ ${variable} }}`;
    const at = element?.selectionStart ?? draft[target].length;
    const end = element?.selectionEnd ?? at;
    change({ [target]: draft[target].slice(0, at) + text + draft[target].slice(end) });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(at + text.length, at + text.length);
    });
  };
  return (
    <div className="emails-layout">
      <section className="card" aria-labelledby="emails-edit-title">
        <h2 id="emails-edit-title">{t('emails.editTitle', { name })}</h2>
        <p className="muted">{template.override ? t('emails.isEdited') : t('emails.isDefault')}</p>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <Field label={t('emails.subject')} error={errors.subject}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                ref={fields.subject}
                readOnly={!owner}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                value={draft.subject}
                onFocus={() => (lastField.current = 'subject')}
                onChange={(e) => change({ subject: e.target.value })}
              />
            )}
          </Field>
          <Field
            label={t('emails.body')}
            hint={t('emails.bodyHint', { insertExample: '{{ rma }}', ifExample: '{% if code != "" %}…{% endif %}' })}
            error={errors.body}
          >
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                ref={fields.body}
                rows={12}
                readOnly={!owner}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                value={draft.body}
                onFocus={() => (lastField.current = 'body')}
                onChange={(e) => change({ body: e.target.value })}
              />
            )}
          </Field>
          {errors.form ? (
            <p role="alert" className="error">
              {errors.form}
            </p>
          ) : null}
          <p role="status" className="muted">
            {said}
          </p>
          {test.error ? (
            <p role="alert" className="error">
              {test.error.message}
            </p>
          ) : null}
          <div className="emails-actions">
            {owner ? (
              <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending}>
                {save.isPending ? t('emails.saving') : t('emails.save')}
              </button>
            ) : null}
            <button
              type="button"
              className="button secondary"
              disabled={test.isPending}
              aria-busy={test.isPending}
              onClick={() => test.mutate()}
            >
              {t('emails.sendTest')}
            </button>
            {owner && template.override ? (
              <button type="button" className="button secondary" onClick={() => setAsking(true)}>
                {t('emails.reset')}
              </button>
            ) : null}
          </div>
        </form>
        <h3 id="emails-variables-title">{t('emails.variables')}</h3>
        <p className="hint">{t('emails.variablesHint')}</p>
        <ul className="emails-variables" aria-labelledby="emails-variables-title">
          {template.variables.map((variable) => (
            <li key={variable.name}>
              {owner ? (
                <button
                  type="button"
                  className="button secondary small"
                  aria-label={t('emails.insert', { name: variable.name })}
                  onClick={() => insert(variable.name)}
                >
                  <code>{`{{ ${variable.name} }}`}</code>
                </button>
              ) : (
                <code>{`{{ ${variable.name} }}`}</code>
              )}{' '}
              <span>{variable.description}</span>{' '}
              <span className="muted">{t('emails.sample', { sample: variable.sample || '—' })}</span>
            </li>
          ))}
        </ul>
      </section>
      <EmailPreview notification={template.key} lang={lang} draft={draft} />
      <ConfirmDialog
        open={asking}
        title={t('emails.resetTitle', { name })}
        confirmLabel={t('emails.reset')}
        busy={reset.isPending}
        error={reset.error?.message}
        onConfirm={() => reset.mutate()}
        onClose={() => setAsking(false)}
      >
        <p>{t('emails.resetBody')}</p>
      </ConfirmDialog>
    </div>
  );
}
