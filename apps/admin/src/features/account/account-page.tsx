import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { consoleCall } from '../../shared/api';
import { fetchSession, useSetSession, useSignedIn } from '../../shared/session';
import { CodeField } from '../../shared/ui/inputs';
import { Page } from '../../shared/ui/page';
import { LanguageSection } from './language-section';

/** The signed-in account: its second factor (TOTP) on or off, and a way to change the password. */
export function Component() {
  const { t } = useTranslation();
  const { account } = useSignedIn();
  const setSession = useSetSession();
  const [code, setCode] = useState('');
  const setup = useMutation({
    mutationFn: () => consoleCall('totpSetup', {}),
  });
  const refresh = async () => setSession(await fetchSession());
  const enable = useMutation({
    mutationFn: () => consoleCall('totpEnable', { code }),
    onSuccess: () => {
      setCode('');
      setup.reset();
      void refresh();
    },
  });
  const disable = useMutation({
    mutationFn: () => consoleCall('totpDisable', { code }),
    onSuccess: () => {
      setCode('');
      void refresh();
    },
  });
  const codeField = (error: string | undefined) => (
    <CodeField label={t('account.code')} hint={t('account.codeHint')} error={error} value={code} onChange={setCode} />
  );
  const secret = setup.data?.data;
  return (
    <Page title={t('account.title')}>
      <LanguageSection />
      <section className="card" aria-labelledby="totp-title">
        <h2 id="totp-title">{t('account.totpTitle')}</h2>
        <p>{account.totp_enabled ? t('account.totpOn') : t('account.totpOff')}</p>
        {account.totp_enabled ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              disable.mutate();
            }}
          >
            {codeField(disable.error?.message)}
            <button type="submit" className="button secondary">
              {t('account.turnOff')}
            </button>
          </form>
        ) : secret ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              enable.mutate();
            }}
          >
            <p>{t('account.scan')}</p>
            <img className="qr" src={secret.qr_image} alt={t('account.qrAlt')} width={180} height={180} />
            <p>
              {t('account.orType')} <code className="secret">{secret.secret}</code>
            </p>
            {codeField(enable.error?.message)}
            <button type="submit" className="button">
              {t('account.turnOn')}
            </button>
          </form>
        ) : (
          <button type="button" className="button" onClick={() => setup.mutate()} disabled={setup.isPending}>
            {t('account.setUp')}
          </button>
        )}
      </section>
      <section className="card" aria-labelledby="password-title">
        <h2 id="password-title">{t('account.passwordTitle')}</h2>
        <p>
          {t('account.passwordBody')} <Link to="/forgot">{t('account.passwordLink')}</Link>
        </p>
      </section>
    </Page>
  );
}
