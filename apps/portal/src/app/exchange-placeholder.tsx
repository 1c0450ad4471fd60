import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLoadedConfig } from '../shared/config-store';

/** /exchange-other-goods/{id}: the exchange page's own branding (style.ex_product_page) until the catalogue lands. */
export default function ExchangePlaceholder() {
  const { t } = useTranslation();
  const page = useLoadedConfig().style.ex_product_page;
  return (
    <section className="rc-card" aria-labelledby="rc-exchange-title">
      {page.logo ? <img className="rc-logo" src={page.logo} alt="" /> : null}
      <h1 id="rc-exchange-title">{page.title || t('app.comingSoon')}</h1>
      <p>{t('app.comingSoonBody')}</p>
      <Link className="rc-button" to="/">
        {t('app.backToOrders')}
      </Link>
    </section>
  );
}
