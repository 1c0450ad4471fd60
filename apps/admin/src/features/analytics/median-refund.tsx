import { useTranslation } from 'react-i18next';
import { durationWords } from './duration';

/** The headline figure: how long, in words, a refunded request of the range waited from request to refund. */
export function MedianRefund({ seconds }: { seconds: number | null }) {
  const { t } = useTranslation();
  return (
    <section className="card headline" aria-labelledby="median-refund-title">
      <h2 id="median-refund-title">{t('analytics.median.title')}</h2>
      <p className="figure">{seconds === null ? t('analytics.median.none') : durationWords(t, seconds)}</p>
      {seconds === null ? null : <p className="hint">{t('analytics.median.hint')}</p>}
    </section>
  );
}
