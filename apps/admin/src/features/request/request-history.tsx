import type { MerchantRequest } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { date, money } from '../../shared/format';
import { statusName } from '../../shared/labels';

/** The shopper's other returns at this shop: how many, what they were refunded, and a link to each. */
export function RequestHistory({ request }: { request: MerchantRequest }) {
  const { t } = useTranslation();
  const { history } = request;
  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title">{t('request.history.title')}</h2>
      <p>
        {t('request.history.summary', {
          count: history.count,
          refunded: money(history.refunded, history.currency || request.currency),
        })}
      </p>
      {history.requests.length ? (
        <ul className="plain">
          {history.requests.map((earlier) => (
            <li key={earlier.id}>
              <Link to={`/requests/${String(earlier.id)}`}>
                {earlier.rma} · {earlier.order_no}
              </Link>{' '}
              <span className="muted">
                {date(earlier.created_at)} · {statusName(t, earlier.status)} ·{' '}
                {money(earlier.refund, history.currency || request.currency)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
