import type { CheckInfo } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { ExchangeMoney } from '../../../shared/ui/money-table';

/** What the shopper receives instead of money on an exchange (spec screen 7: exchange order). */
export function ExchangeOrder({
  order,
  money,
}: {
  order: NonNullable<CheckInfo['exchange_order']>;
  money: (amount: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <section className="rc-card" aria-labelledby="rc-exchange-order-title">
      <h2 id="rc-exchange-order-title" className="rc-subtitle">
        {t('exchange.exchangeFor')}
      </h2>
      {order.order_name ? (
        <p className="rc-status__exchange-order">{t('exchange.orderName', { name: order.order_name })}</p>
      ) : null}
      <ul className="rc-lines">
        {order.line_items.map((item) => (
          <li key={item.variant_id} className="rc-line rc-line--text">
            <span className="rc-line__title">{item.title}</span>
            <span>× {item.quantity}</span>
            <span>{money(item.price * item.quantity)}</span>
          </li>
        ))}
      </ul>
      {order.refunded_payment > 0 ? (
        <p className="rc-note">{t('exchange.paymentRefunded', { amount: money(order.refunded_payment) })}</p>
      ) : null}
      <ExchangeMoney
        credit={order.exchange_credit}
        total={order.total_line_items_price}
        remaining={order.remain_credit}
        format={money}
      />
    </section>
  );
}
