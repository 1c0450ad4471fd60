import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

/** /process/{id}: a return for this order is already being processed. */
export default function ProcessingPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <section className="rc-card" aria-labelledby="rc-processing-title">
      <h1 id="rc-processing-title">{t('flow.processingTitle')}</h1>
      <p>{t('flow.processingBody')}</p>
      <p className="rc-flow__nav">
        <Link className="rc-button" to={`/status-manage/return-details/${id ?? ''}`}>
          {t('flow.viewStatus')}
        </Link>
        <Link className="rc-button rc-button--secondary" to="/">
          {t('app.backToOrders')}
        </Link>
      </p>
    </section>
  );
}
