import { useTranslation } from 'react-i18next';
import type { Analytics } from './analytics-api';
import { countLabel } from './analytics-format';

/** The most returned products, each with why it came back: a table, for it reads better than a chart of pairs. */
export function ProductReasons({ products }: { products: Analytics['reasons_by_product'] }) {
  const { t } = useTranslation();
  return (
    <section className="card chart-card" aria-labelledby="product-reasons-title">
      <header className="chart-header">
        <h2 id="product-reasons-title">{t('analytics.byProduct.title')}</h2>
      </header>
      {products.length === 0 ? (
        <p className="empty">{t('analytics.byProduct.empty')}</p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">{t('analytics.byProduct.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.byProduct.product')}</th>
              <th scope="col" className="number">
                {t('analytics.byProduct.returned')}
              </th>
              <th scope="col">{t('analytics.byProduct.reasons')}</th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={product.product}>
                <th scope="row">{product.product}</th>
                <td className="number">{countLabel(product.returned)}</td>
                <td>
                  <ul className="reason-list">
                    {product.reasons.map((reason) => (
                      <li key={reason.reason}>{t('analytics.byProduct.reason', { ...reason, count: reason.count })}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
