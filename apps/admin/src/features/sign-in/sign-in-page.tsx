import { Code } from '@return-center/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, consoleCall } from '../../shared/api';
import { useSetSession } from '../../shared/session';
import { Field } from '../../shared/ui/field';
import { CodeField, EmailField } from '../../shared/ui/inputs';
import { Page } from '../../shared/ui/page';

/** Email and password, then the 6-digit code when the account has a second factor. */
export function Component() {
  const { t } = useTranslation();
  const setSession = useSetSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const signIn = useMutation({
    mutationFn: () =>
      consoleCall('signIn', {
        email,
        password,
        ...(needsCode ? { totp } : {}),
      }),
    onSuccess: ({ data }) => setSession(data),
    onError: (error) => {
      if (error instanceof ApiError && error.code === Code.SecondFactorRequired) setNeedsCode(true);
    },
  });
  const error =
    signIn.error instanceof ApiError && signIn.error.code !== Code.SecondFactorRequired ? signIn.error.message : '';
  return (
    <Page title={t('signIn.title')}>
      <form
        className="card narrow"
        noValidate={false}
        onSubmit={(event) => {
          event.preventDefault();
          signIn.mutate();
        }}
      >
        <EmailField label={t('signIn.email')} value={email} onChange={setEmail} />
        <Field label={t('signIn.password')}>
          {({ id }) => (
            <input
              id={id}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        {needsCode ? (
          <CodeField label={t('signIn.code')} hint={t('signIn.codeHint')} value={totp} onChange={setTotp} />
        ) : null}
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={signIn.isPending}>
          {signIn.isPending ? t('common.working') : t('signIn.submit')}
        </button>
        <p>
          <Link to="/forgot">{t('signIn.forgot')}</Link>
        </p>
      </form>
    </Page>
  );
}
