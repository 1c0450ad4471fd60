import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { consoleCall } from '../../shared/api';
import { EmailField } from '../../shared/ui/inputs';
import { Page } from '../../shared/ui/page';

export function Component() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const ask = useMutation({
    mutationFn: () => consoleCall('forgotPassword', { email }),
  });
  return (
    <Page title={t('forgot.title')}>
      <form
        className="card narrow"
        onSubmit={(event) => {
          event.preventDefault();
          ask.mutate();
        }}
      >
        {ask.isSuccess ? (
          <p role="status">{t('forgot.sent', { email })}</p>
        ) : (
          <>
            <p>{t('forgot.intro')}</p>
            <EmailField label={t('signIn.email')} value={email} onChange={setEmail} />
            {ask.error ? (
              <p role="alert" className="error">
                {ask.error.message}
              </p>
            ) : null}
            <button type="submit" className="button" disabled={ask.isPending}>
              {t('forgot.submit')}
            </button>
          </>
        )}
        <p>
          <Link to="/sign-in">{t('forgot.back')}</Link>
        </p>
      </form>
    </Page>
  );
}
