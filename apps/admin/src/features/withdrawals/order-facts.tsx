import { rmaReference, type MerchantWithdrawal, type WithdrawalOrder } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { statusName } from '../../shared/labels';

/** Units picked of each line of the order, by line id. */
export type Picked = Record<number, number>;

interface Props {
  order: WithdrawalOrder;
  declaration: MerchantWithdrawal;
  /** The consumer described items in words: staff pick them on the order. */
  picking: boolean;
  picked: Picked;
  pick: (picked: Picked) => void;
}

/** What the server found of the order for the declaration, and what linking will do. */
export function OrderFacts({ order, declaration, picking, picked, pick }: Props) {
  const { t } = useTranslation();
  const toggle = (line: number, on: boolean, quantity: number) => {
    const others = Object.entries(picked).filter(([id]) => Number(id) !== line);
    pick(Object.fromEntries(on ? [...others, [line, quantity]] : others));
  };
  return (
    <div className="notice" aria-live="polite">
      <p>{t('withdrawals.orderOf', { order: order.order_name, email: order.customer_email })}</p>
      {order.email_matches ? null : <p>{t('withdrawals.otherEmail', { email: declaration.email })}</p>}
      {!order.within_period ? (
        <p className="error">{t('withdrawals.afterPeriod')}</p>
      ) : order.open_request ? (
        <p>
          {t('withdrawals.openRequest', {
            rma: rmaReference(order.open_request.id),
            status: statusName(t, order.open_request.status),
          })}
        </p>
      ) : picking ? (
        <fieldset className="field">
          <legend>{t('withdrawals.pick')}</legend>
          {order.items.map((item) => (
            <div key={item.line_item_id} className="choice">
              <label>
                <input
                  type="checkbox"
                  checked={picked[item.line_item_id] !== undefined}
                  onChange={(e) => toggle(item.line_item_id, e.target.checked, item.quantity)}
                />{' '}
                {item.variant_title ? `${item.title} – ${item.variant_title}` : item.title}
              </label>
              {item.quantity > 1 && picked[item.line_item_id] !== undefined ? (
                <label>
                  {' '}
                  {t('withdrawals.units')}{' '}
                  <select
                    value={picked[item.line_item_id]}
                    onChange={(e) => toggle(item.line_item_id, true, Number(e.target.value))}
                  >
                    {Array.from({ length: item.quantity }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
            </div>
          ))}
        </fieldset>
      ) : (
        <>
          <p>{t('withdrawals.willMake')}</p>
          <ul>
            {order.items.map((item) => (
              <li key={item.line_item_id}>{`${item.title} ×${String(item.quantity)}`}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
