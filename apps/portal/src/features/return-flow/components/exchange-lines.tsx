import { useTranslation } from 'react-i18next';
import type { ExchangeChoice } from '../../../shared/return-form';

/** The new items an exchange asks for, as the check step lists them. */
export function ExchangeLines({
  items,
  format,
}: {
  items: readonly ExchangeChoice[];
  format: (amount: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="rc-subtitle">{t('exchange.exchangeFor')}</h2>
      <ul className="rc-lines">
        {items.map((item) => (
          <li key={item.variant_id} className="rc-line rc-line--text">
            <span className="rc-line__title">{[item.title, item.variant_title].filter(Boolean).join(' / ')}</span>
            <span>× {item.count}</span>
            <span>{format(item.variant.price)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
