import type { MerchantRequest } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { money } from '../../shared/format';
import { ProofPhotos } from './proof-lightbox';

/** Each returned line: what, how many, why (with the shopper's words) and the photos they sent. */
export function RequestItems({ request }: { request: MerchantRequest }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="items-title">
      <h2 id="items-title">{t('request.items')}</h2>
      <ul className="items">
        {request.items.map((item) => {
          const name = item.variant_title ? `${item.title} / ${item.variant_title}` : item.title;
          return (
            <li key={item.line_item_id} className="item">
              {item.image ? <img className="item-image" src={item.image} alt="" /> : null}
              <div>
                <p className="item-title">
                  <strong>{name}</strong> × {item.quantity}{' '}
                  <span className="muted">{money(item.price, request.currency)}</span>
                </p>
                {item.sku ? <p className="muted">SKU {item.sku}</p> : null}
                <p>
                  {t('request.reason')}: {item.reason}
                </p>
                {item.description ? <blockquote className="quote">{item.description}</blockquote> : null}
                {item.inspection.length ? (
                  <div className="inspected">
                    <p>
                      <strong>
                        {t('request.inspect.result', { accepted: item.accepted_quantity, count: item.quantity })}
                      </strong>
                    </p>
                    <ul className="plain">
                      {item.inspection.map((group, index) => (
                        <li key={index}>
                          {group.quantity} × {t(`request.condition.${group.condition}`)} ·{' '}
                          {t(`request.outcome.${group.outcome}`)}
                          {group.outcome === 'accepted' && group.restock ? ` · ${t('request.inspect.restock')}` : ''}
                          {group.reason ? ` · ${group.reason}` : ''}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                <ProofPhotos photos={item.proof} item={name} />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
