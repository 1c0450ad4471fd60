import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLoadedConfig } from '../../../shared/config-store';
import { useLazyTexts } from '../../../shared/lazy-texts';
import { readQueryParams } from '../../../shared/query-params';
import { useSession } from '../../../shared/session-store';
import { InlineLoader } from '../../../shared/ui/loader';
import { emptyDraft, type WithdrawalDraft } from './withdrawal-draft';
import { WithdrawalForm } from './withdrawal-form';
import { WithdrawalSummary } from './withdrawal-summary';

type Step = 'form' | 'summary' | { reference: string; declared_at: number };

/**
 * The EU withdrawal function (Directive 2011/83/EU Art. 11a, ADR 046) at `/withdraw?shop=<domain>`: two steps, no
 * password and no code. Each step's heading takes the focus, so a screen reader hears where it is.
 */
export default function WithdrawalPage() {
  const { t } = useTranslation();
  const language = useSession((state) => state.language);
  const textsReady = useLazyTexts('withdrawal', language);
  return textsReady ? <Withdrawal /> : <InlineLoader label={t('app.loading')} />;
}

function Withdrawal() {
  const { t, i18n } = useTranslation('withdrawal');
  const config = useLoadedConfig();
  const params = readQueryParams();
  const [draft, setDraftState] = useState<WithdrawalDraft>(() => emptyDraft(params.orderNumber, params.email));
  const [step, setStep] = useState<Step>('form');
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);
  const setDraft = (change: Partial<WithdrawalDraft>) => setDraftState((current) => ({ ...current, ...change }));
  const title = step === 'form' ? t('title') : step === 'summary' ? t('summaryTitle') : t('doneTitle');

  return (
    <section className="rc-card rc-withdraw" aria-labelledby="rc-withdraw-title">
      <h1 id="rc-withdraw-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {!config.withdrawal ? (
        <p className="rc-note">{t('unavailable')}</p>
      ) : step === 'form' ? (
        <>
          <p className="rc-note">{t('intro')}</p>
          <WithdrawalForm
            shopUrl={config.shop_url}
            draft={draft}
            setDraft={setDraft}
            onNext={() => setStep('summary')}
          />
        </>
      ) : step === 'summary' ? (
        <WithdrawalSummary
          shopUrl={config.shop_url}
          draft={draft}
          onChange={() => setStep('form')}
          onDone={(receipt) => setStep(receipt)}
        />
      ) : (
        <p role="status">
          {t('done', {
            reference: step.reference,
            date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
              step.declared_at * 1000,
            ),
            email: draft.email.trim(),
          })}
        </p>
      )}
      <p className="rc-login__links">
        <Link className="rc-link" to={{ pathname: '/', search: window.location.search }}>
          {t('back')}
        </Link>
      </p>
    </section>
  );
}
