import { nextStatus } from '@return-center/domain';
import type { RequestSort } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateTime, money } from '../../shared/format';
import { methodName, solutionName, statusName } from '../../shared/labels';
import type { QueueRow } from './queue-api';

interface Props {
  rows: QueueRow[];
  /** The server's order of the rows; the "Refund by" header switches it. */
  sort: RequestSort;
  choose: (sort: RequestSort) => void;
  active: number;
  selected: Set<number>;
  toggle: (id: number) => void;
  toggleAll: (on: boolean) => void;
}

/** Whether the request's state allows approving it (the domain's state machine, which the server enforces). */
export const approvable = (row: QueueRow) =>
  nextStatus({ status: row.status, shippingMethodId: row.shipping_method_id }, 'approve') !== null;

/**
 * One row per request; only requests that can be approved can be picked for a bulk approval. On a phone each row is a
 * card, each value under its column's name (`data-label`, styles.css).
 */
export function QueueTable({ rows, sort, choose, active, selected, toggle, toggleAll }: Props) {
  const { t } = useTranslation();
  // Withdrawals whose refund is due (ADR 046) first, soonest deadline first, as the server pages them; else newest first.
  const byDeadline = sort === 'refund_deadline';
  const pending = rows.filter(approvable);
  const flagged = (row: QueueRow) => t('queue.flagged', { reasons: row.flags.map((flag) => flag.reason).join('; ') });
  const allPicked = pending.length > 0 && pending.every((row) => selected.has(row.id));
  return (
    <table className="table queue stacked">
      <caption className="visually-hidden">{t(byDeadline ? 'queue.captionByDeadline' : 'queue.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">
            <input
              type="checkbox"
              aria-label={t('queue.pickAll')}
              checked={allPicked}
              disabled={pending.length === 0}
              onChange={(e) => toggleAll(e.target.checked)}
            />
          </th>
          <th scope="col">{t('queue.order')}</th>
          <th scope="col">{t('queue.email')}</th>
          <th scope="col">{t('queue.status')}</th>
          <th scope="col">{t('queue.solution')}</th>
          <th scope="col">{t('queue.method')}</th>
          <th scope="col" className="number">
            {t('queue.refund')}
          </th>
          <th scope="col">{t('queue.created')}</th>
          <th scope="col" aria-sort={byDeadline ? 'ascending' : 'none'}>
            <button
              type="button"
              className="link-button"
              onClick={() => choose(byDeadline ? 'newest' : 'refund_deadline')}
            >
              {t('queue.refundBy')}
              <span aria-hidden="true">{byDeadline ? ' ▲' : ' ↕'}</span>
            </button>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={row.id} className={index === active ? 'active' : undefined}>
            <td data-label={t('queue.pickColumn')}>
              {approvable(row) ? (
                <input
                  type="checkbox"
                  aria-label={t('queue.pick', { order: row.order_no })}
                  checked={selected.has(row.id)}
                  onChange={() => toggle(row.id)}
                />
              ) : null}
            </td>
            <td data-label={t('queue.order')}>
              <Link to={`/requests/${String(row.id)}`} data-row={index}>
                {row.order_no}
              </Link>
              {row.withdrawal ? <span className="badge withdrawal">{t('queue.withdrawal')}</span> : null}
              {row.flags.length > 0 ? (
                <span className="flag" role="img" aria-label={flagged(row)} title={flagged(row)}>
                  ⚑
                </span>
              ) : null}
            </td>
            <td data-label={t('queue.email')} className="wrap-anywhere">
              {row.customer_email}
            </td>
            <td data-label={t('queue.status')}>
              <span className={`badge status-${String(row.status)}`}>{statusName(t, row.status)}</span>
            </td>
            <td data-label={t('queue.solution')}>{solutionName(t, row.solution_id)}</td>
            <td data-label={t('queue.method')}>{methodName(t, row.shipping_method_id)}</td>
            <td data-label={t('queue.refund')} className="number">
              {money(row.refund, row.currency)}
            </td>
            <td data-label={t('queue.created')}>{dateTime(row.created_at)}</td>
            <td data-label={t('queue.refundBy')}>{row.withdrawal ? dateTime(row.withdrawal.refund_by) : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
