import type { MerchantRequest } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../shared/format';
import { methodName } from '../../shared/labels';

/** Who asked, how the items come back, the tracking so far, and the label and packing slip. */
export function RequestShipping({ request }: { request: MerchantRequest }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="shipping-title">
      <h2 id="shipping-title">{t('request.shopper')}</h2>
      <dl className="facts">
        <dt>{t('request.customer')}</dt>
        <dd>
          {request.customer_info.name ? `${request.customer_info.name} · ` : ''}
          <a href={`mailto:${request.customer_email}`}>{request.customer_email}</a>
        </dd>
        {request.gift_email ? (
          <>
            <dt>{t('request.gift.label')}</dt>
            <dd>
              {t('request.gift.recipient')} <a href={`mailto:${request.gift_email}`}>{request.gift_email}</a>
            </dd>
          </>
        ) : null}
        <dt>{t('request.language')}</dt>
        <dd>{request.language}</dd>
        {request.shipping_address ? (
          <>
            <dt>{t('request.shippingAddress')}</dt>
            <dd className="pre">{request.shipping_address}</dd>
          </>
        ) : null}
        <dt>{t('request.method')}</dt>
        <dd>{methodName(t, request.shipping_method_id)}</dd>
        {request.pickup ? (
          <>
            <dt>{t('request.pickup')}</dt>
            <dd>
              {request.pickup.date} {request.pickup.time} ({request.pickup.timezone}) ·{' '}
              {request.pickup.address.address1}, {request.pickup.address.city} {request.pickup.address.zip}
            </dd>
          </>
        ) : null}
        <dt>{t('request.tracking')}</dt>
        <dd>
          {request.tracking.length === 0 ? (
            <span className="muted">{t('request.noTracking')}</span>
          ) : (
            <ul className="plain">
              {request.tracking.map((entry) => (
                <li key={entry.number}>
                  {entry.carrier} {entry.number} <span className="muted">({dateTime(entry.at)})</span>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      {request.label_url || request.packing_slip_url ? (
        <p className="documents">
          {request.label_url ? (
            <a className="button secondary small" href={request.label_url} target="_blank" rel="noreferrer">
              {t('request.label')}
            </a>
          ) : null}{' '}
          {request.packing_slip_url ? (
            <a className="button secondary small" href={request.packing_slip_url} target="_blank" rel="noreferrer">
              {t('request.packingSlip')}
            </a>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
