import { PASSWORD_MIN_LENGTH } from '@return-center/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Field } from '../../shared/ui/field';

interface Props {
  submitLabel: string;
  /** Sends the new password (and whatever else the form holds). */
  save: (password: string) => Promise<unknown>;
  done: string;
  children?: ReactNode;
}

/** A new password, typed twice, for a reset or an accepted invite; then a way to sign in. */
export function NewPasswordForm({ submitLabel, save, done, children }: Props) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const mismatch = again !== '' && again !== password ? t('password.mismatch') : undefined;
  const mutation = useMutation({ mutationFn: () => save(password) });
  if (mutation.isSuccess)
    return (
      <div className="card narrow">
        <p role="status">{done}</p>
        <Link to="/sign-in">{t('password.signIn')}</Link>
      </div>
    );
  return (
    <form
      className="card narrow"
      onSubmit={(event) => {
        event.preventDefault();
        if (!mismatch) mutation.mutate();
      }}
    >
      {children}
      <Field label={t('password.new')} hint={t('password.rule')}>
        {({ id, describedBy }) => (
          <input
            id={id}
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            required
            aria-describedby={describedBy}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('password.again')} error={mismatch}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={invalid}
            aria-describedby={describedBy}
            value={again}
            onChange={(e) => setAgain(e.target.value)}
          />
        )}
      </Field>
      {mutation.error ? (
        <p role="alert" className="error">
          {mutation.error.message}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={mutation.isPending}>
        {submitLabel}
      </button>
    </form>
  );
}
