import { rmaReference, type MerchantWithdrawal } from '@return-center/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateTime } from '../../shared/format';
import { StackedTable } from '../../shared/ui/stacked-table';

/** What the consumer withdrew from, as they gave it: the whole order, or the items they picked or described. */
export function itemsGiven(t: TFunction, declaration: MerchantWithdrawal): string {
  if (declaration.scope === 'order') return t('withdrawals.wholeOrder');
  const picked = declaration.items.map((item) => `${item.title} ×${String(item.quantity)}`);
  return [...picked, ...(declaration.items_text ? [`“${declaration.items_text}”`] : [])].join(', ');
}

/** Why a declaration made no request, as the server found it when it came in. */
const whyNone = (t: TFunction, declaration: MerchantWithdrawal) =>
  !declaration.matched
    ? t('withdrawals.why.notFound')
    : declaration.within_period === false
      ? t('withdrawals.why.late')
      : t('withdrawals.why.open');

/**
 * The declarations as received, newest first (each a card on a phone): when, who, the order number and items they
 * gave, the legal refund deadline, and the request each became or was linked to; one without a request can be linked.
 */
export function WithdrawalsTable({
  rows,
  link,
}: {
  rows: MerchantWithdrawal[];
  link: (declaration: MerchantWithdrawal) => void;
}) {
  const { t } = useTranslation();
  const columns = {
    received: t('withdrawals.received'),
    reference: t('withdrawals.reference'),
    name: t('withdrawals.name'),
    order: t('withdrawals.orderGiven'),
    email: t('withdrawals.email'),
    items: t('withdrawals.items'),
    refundBy: t('withdrawals.refundBy'),
    request: t('withdrawals.request'),
  };
  return (
    <StackedTable caption={t('withdrawals.caption')} columns={columns} actions={t('withdrawals.actions')}>
      {rows.map((row) => (
        <tr key={row.id}>
          <td data-label={columns.received}>{dateTime(row.declared_at)}</td>
          <td data-label={columns.reference}>{row.reference}</td>
          <td data-label={columns.name}>{row.name}</td>
          <td data-label={columns.order}>{row.order_number}</td>
          <td data-label={columns.email} className="wrap-anywhere">
            {row.email}
          </td>
          <td data-label={columns.items}>{itemsGiven(t, row)}</td>
          <td data-label={columns.refundBy}>{dateTime(row.refund_by)}</td>
          <td data-label={columns.request}>
            {row.request_id === null ? (
              <span className="muted">{whyNone(t, row)}</span>
            ) : (
              <>
                <Link to={`/requests/${String(row.request_id)}`}>{rmaReference(row.request_id)}</Link>
                {row.linked ? (
                  <span className="muted">
                    {' '}
                    {t('withdrawals.linkedBy', { who: row.linked.by, at: dateTime(row.linked.at) })}
                  </span>
                ) : null}
              </>
            )}
          </td>
          <td>
            {row.request_id === null ? (
              <button type="button" className="button secondary small" onClick={() => link(row)}>
                {t('withdrawals.link')}
                <span className="visually-hidden"> {row.reference}</span>
              </button>
            ) : null}
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}
