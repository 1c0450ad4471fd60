import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Placeholder for screens that later issues build. */
export default function ComingSoon() {
  const { t } = useTranslation();
  return (
    <section className="rc-card" aria-labelledby="rc-soon-title">
      <h1 id="rc-soon-title">{t('app.comingSoon')}</h1>
      <p>{t('app.comingSoonBody')}</p>
      <Link className="rc-button" to="/">
        {t('app.backToOrders')}
      </Link>
    </section>
  );
}
