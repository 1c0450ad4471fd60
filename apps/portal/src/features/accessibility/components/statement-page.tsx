import type { AccessibilityStatement } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLazyTexts } from '../../../shared/lazy-texts';
import { useSession } from '../../../shared/session-store';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { InlineLoader } from '../../../shared/ui/loader';
import { useStatement } from '../api/statement';

/**
 * The shop's accessibility statement (issue 35, ADR 043), open to anyone at `/accessibility?shop=<domain>`: every
 * sentence is the portal's, in the shopper's language, filled with the facts the server answers; only the
 * enforcement body and the closing section are the merchant's words, shown as text.
 */
export default function StatementPage() {
  const { t } = useTranslation('statement');
  const shopUrl = useSession((state) => state.shopUrl);
  const language = useSession((state) => state.language);
  const statement = useStatement(shopUrl, language);
  const textsReady = useLazyTexts('statement', language);
  if (!textsReady) return <InlineLoader label={t('app.loading', { ns: 'translation' })} />;
  return (
    <article className="rc-statement" aria-labelledby="rc-statement-title">
      <h1 id="rc-statement-title">{t('title')}</h1>
      {statement.isPending ? <InlineLoader label={t('app.loading', { ns: 'translation' })} /> : null}
      {statement.isError ? <LoadFailed queries={[statement]} /> : null}
      {statement.data ? <Statement facts={statement.data} language={language} /> : null}
      <p>
        <Link to="/">{t('back')}</Link>
      </p>
    </article>
  );
}

function Statement({ facts, language }: { facts: AccessibilityStatement; language: string }) {
  const { t } = useTranslation('statement');
  const minutes = (count: number) =>
    new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(count);
  // A day, not a moment: the review's date as written in UTC, wherever the shopper is.
  const reviewed = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(facts.reviewed_at * 1000),
  );
  const { wcag, level, en_301_549: en } = facts.standard;
  return (
    <>
      {/* A shop named "… Co." would end the sentence with two stops. */}
      <p>{t('intro', { shop: facts.store_name || facts.shop_url }).replace(/\.\.$/, '.')}</p>
      <h2>{t('standardTitle')}</h2>
      <p>{t('standard', { wcag, level, en })}</p>
      <h2>{t('statusTitle')}</h2>
      <p data-testid="statement-status">{t(`status.${facts.conformance}`)}</p>
      <h2>{t('testsTitle')}</h2>
      <ul>
        {facts.tests.map((code) => (
          <li key={code}>{t(`tests.${code}`)}</li>
        ))}
      </ul>
      <h2>{t('limitationsTitle')}</h2>
      <ul>
        {facts.limitations.map(({ code, criteria }) => (
          <li key={code}>
            {t(`limitations.${code}`, {
              session: minutes(facts.session_minutes),
              code: minutes(facts.code_minutes),
            })}
            {criteria.length > 0 ? (
              <>
                {' '}
                <span className="rc-statement__criteria" dir="ltr">
                  (WCAG {criteria.join(', ')})
                </span>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <h2>{t('feedbackTitle')}</h2>
      <p>
        {t('feedback')}
        {facts.feedback_email ? (
          <>
            {' '}
            <a href={`mailto:${facts.feedback_email}`}>{facts.feedback_email}</a>
          </>
        ) : null}
      </p>
      <h2>{t('enforcementTitle')}</h2>
      {facts.enforcement_body ? (
        <>
          <p>{t('enforcement')}</p>
          <p className="rc-statement__text">{facts.enforcement_body}</p>
        </>
      ) : (
        <p>
          {t('enforcement')} {t('enforcementDefault')}
        </p>
      )}
      {facts.extra_text ? (
        <>
          <h2>{t('moreTitle', { shop: facts.store_name || facts.shop_url })}</h2>
          <p className="rc-statement__text">{facts.extra_text}</p>
        </>
      ) : null}
      <p className="rc-note">{t('reviewed', { date: reviewed })}</p>
    </>
  );
}
