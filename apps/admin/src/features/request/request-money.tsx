import type { MerchantRequest } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { money } from '../../shared/format';
import { solutionName } from '../../shared/labels';

/** The money as the server computed it at the request, and what was actually paid out. */
export function RequestMoney({ request }: { request: MerchantRequest }) {
  const { t } = useTranslation();
  const rows: [string, number][] = [
    [t('request.money.discount'), -request.discount],
    [t('request.money.tax'), request.tax],
    [t('request.money.shipping'), request.shipping],
    [t('request.money.labelFee'), -request.label_fee],
    [t('request.money.returnFee'), -request.return_fee],
    [t('request.money.restockingFee'), -request.restocking_fee],
    [t('request.money.bonus'), request.bonus],
  ];
  return (
    <section className="card" aria-labelledby="money-title">
      <h2 id="money-title">{t('request.money.title')}</h2>
      <p>
        {t('request.money.solution')}: <strong>{solutionName(t, request.solution_id)}</strong>
      </p>
      <table className="table money">
        <tbody>
          {rows
            .filter(([, amount]) => amount !== 0)
            .map(([label, amount]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td className="number">{money(amount, request.currency)}</td>
              </tr>
            ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('request.money.refund')}</th>
            <td className="number">
              <strong>{money(request.refund, request.currency)}</strong>
            </td>
          </tr>
          {request.inspected_total !== null ? (
            <tr>
              <th scope="row">{t('request.inspect.refundable')}</th>
              <td className="number">
                <strong>{money(request.inspected_total, request.currency)}</strong>
              </td>
            </tr>
          ) : null}
          {request.refund_state !== 'none' ? (
            <tr>
              <th scope="row">
                {t('request.money.paid')} ({t(`request.refundState.${request.refund_state}`)})
              </th>
              <td className="number">{money(request.actual_refund, request.currency)}</td>
            </tr>
          ) : null}
        </tfoot>
      </table>
      {request.discount_code ? <p>{t('request.money.discountCode', { code: request.discount_code })}</p> : null}
      {request.gift_card_code ? <p>{t('request.money.giftCard', { code: request.gift_card_code })}</p> : null}
    </section>
  );
}
