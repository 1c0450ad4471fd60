import { SolutionId } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { exchangeMoneyOf } from '../exchange-money';
import { useOrderInfo } from '../order-info';
import { selectedItems, selectedLines, useReturnForm } from '../return-form';
import { useReturnMoney } from '../return-money';
import { useMoney } from '../use-money';
import { appUrl } from '../base-path';

/**
 * What the shopper has chosen so far and what it is worth, beside the steps on a wide screen. The amount is the
 * server's (getReturnMoney, the call of the check step): before a solution is chosen it is money back to the
 * original payment, and it is an estimate until the return method (and its fees) is chosen.
 */
export function FlowSummary({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const formatAmount = useMoney();
  const { form } = useReturnForm(orderId);
  const items = selectedItems(form);
  const source = useOrderInfo(orderId);
  const { solution_id: solutionId, shipping_method_id: methodId } = form;
  const money = useReturnMoney(orderId, selectedLines(form), solutionId ?? SolutionId.RefundOriginal, methodId);
  const order = source.data;
  const m = money.data;

  let estimate: { label: string; amount: string } | null = null;
  if (order && m && items.length > 0 && order.hidden_refund !== 1) {
    const format = (amount: number) => formatAmount(amount, m.currency, m.currency_format);
    estimate =
      solutionId === SolutionId.Exchange
        ? { label: t('exchange.credit'), amount: format(exchangeMoneyOf(form, order, m.exchange_amount).credit) }
        : { label: t(methodId ? 'flow.money.total' : 'flow.summaryEstimate'), amount: format(m.total) };
  }

  return (
    <section className="rc-card rc-flow__summary" aria-labelledby="rc-flow-summary-title">
      <h2 id="rc-flow-summary-title" className="rc-subtitle">
        {t('flow.summaryTitle')}
      </h2>
      {items.length === 0 ? <p className="rc-note">{t('flow.summaryEmpty')}</p> : null}
      {order && items.length > 0 ? (
        <ul className="rc-lines">
          {items.map((item) => {
            const line = order.yes.find((l) => l.line_item_id === item.line_item_id);
            return line ? (
              <li key={item.line_item_id} className="rc-line">
                <img src={appUrl(line.image)} alt="" width={48} height={48} />
                <span className="rc-line__title">{[line.title, line.variant_title].filter(Boolean).join(' / ')}</span>
                <span>× {item.quantity}</span>
                <span className="rc-line__selected">{item.reason_text}</span>
              </li>
            ) : null;
          })}
        </ul>
      ) : null}
      {solutionId ? (
        <dl className="rc-summary">
          <dt>{t('flow.solution')}</dt>
          <dd>{t(`solutions.${solutionId}`)}</dd>
          {methodId ? (
            <>
              <dt>{t('flow.method')}</dt>
              <dd>{t(`methods.${methodId}`)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {items.length > 0 && order?.hidden_refund === 1 ? <p className="rc-note">{t('flow.money.hidden')}</p> : null}
      {estimate ? (
        <p className="rc-flow__estimate">
          <span>{estimate.label}</span>
          <strong data-testid="summary-estimate">{estimate.amount}</strong>
        </p>
      ) : null}
    </section>
  );
}
