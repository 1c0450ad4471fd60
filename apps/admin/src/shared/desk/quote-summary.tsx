import type { DeskQuote } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { money } from '../format';

/**
 * The server's money for the return as chosen so far, read out when it changes; a refusal says why (the server's
 * words, naming the item).
 */
export function QuoteSummary({
  quote,
  error,
  pending,
}: {
  quote: DeskQuote | undefined;
  error: Error | null;
  pending: boolean;
}) {
  const { t } = useTranslation();
  if (error)
    return (
      <p role="alert" className="notice error-notice">
        {error.message}
      </p>
    );
  if (!quote)
    return (
      <p role="status" className="muted">
        {pending ? t('common.loading') : t('deskReturn.pickFirst')}
      </p>
    );
  const { money: m } = quote;
  const rows: [string, number][] = [
    [t('deskReturn.money.subtotal'), m.origin_subtotal],
    [t('deskReturn.money.discount'), -m.discount],
    [t('deskReturn.money.tax'), m.tax],
    [t('deskReturn.money.shipping'), m.shipping.money],
    [t('deskReturn.money.labelFee'), -m.label_fee],
    [t('deskReturn.money.returnFee'), -m.return_fee],
    [t('deskReturn.money.restockingFee'), -m.restocking_fee],
    [t('deskReturn.money.bonus'), m.bonus],
  ];
  return (
    <div role="status" aria-live="polite" className="desk-quote">
      <dl>
        {rows
          .filter(([, amount]) => amount !== 0)
          .map(([label, amount]) => (
            <div key={label} className="row">
              <dt>{label}</dt>
              <dd>{money(amount, m.currency)}</dd>
            </div>
          ))}
        <div className="row total">
          <dt>{t('deskReturn.money.total')}</dt>
          <dd>{money(m.total, m.currency)}</dd>
        </div>
      </dl>
    </div>
  );
}
