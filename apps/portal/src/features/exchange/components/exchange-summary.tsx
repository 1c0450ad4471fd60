import type { ExchangePriceInfo } from '@return-center/domain';
import { useTranslation } from 'react-i18next';
import type { ExchangeChoice } from '../../../shared/return-form';
import { ExchangeMoney } from '../../../shared/ui/money-table';

interface Props {
  items: readonly ExchangeChoice[];
  /** What the return is worth towards these items. */
  credit: number;
  price: ExchangePriceInfo;
  format: (amount: number) => string;
  onRemove: (variantId: number) => void;
}

/** The new items with a way to take each out, and how they weigh against the return's credit. */
export function ExchangeSummary({ items, credit, price, format, onRemove }: Props) {
  const { t } = useTranslation();
  return (
    <section className="rc-card" aria-labelledby="rc-exchange-list">
      <h2 id="rc-exchange-list" className="rc-subtitle">
        {t('exchange.listTitle')}
      </h2>
      {items.length === 0 ? (
        <p className="rc-note">{t('exchange.empty')}</p>
      ) : (
        <ul className="rc-lines">
          {items.map((item) => {
            const name = [item.title, item.variant_title].filter(Boolean).join(' / ');
            return (
              <li key={item.variant_id} className="rc-line rc-line--text">
                <span className="rc-line__title">{name}</span>
                <span>× {item.count}</span>
                <span>{format(item.variant.price)}</span>
                <span className="rc-line__actions">
                  <button type="button" className="rc-link" onClick={() => onRemove(item.variant_id)}>
                    {t('exchange.remove', { item: name })}
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <ExchangeMoney credit={credit} total={price.exchangesTotal} remaining={price.remainingRredit} format={format} />
    </section>
  );
}
